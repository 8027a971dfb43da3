// The pipeline examples of the CUDA Programming Guide (section "Pipelines"),
// as published, but for the include and the namespace alias: "Tracking
// asynchronous memory operations" (thread scope) and "Producer-consumer
// pattern using pipelines" (block scope, partitioned by producer count), its
// comments "copy data ... using asynchronous memory copies" and "consume"
// written out (the producers share the stage's elements, as do the
// consumers), and produce/consume forced inline (a pipeline's calls must
// end up in one function).
#include <asyncpipe/cuda_compat.h>
namespace cuda = asyncpipe::cuda_compat;

__global__ void example_kernel(const float *in)
{
  constexpr int block_size = 128;
  __shared__ __align__(sizeof(float)) float buffer[4 * block_size];

  // Create a unified pipeline per thread
  cuda::pipeline<cuda::thread_scope_thread> pipeline = cuda::make_pipeline();

  // First stage of memory copies
  pipeline.producer_acquire();
  // Every thread fetches one element of the first block
  cuda::memcpy_async(buffer, in, sizeof(float), pipeline);
  pipeline.producer_commit();

  // Second stage of memory copies
  pipeline.producer_acquire();
  // Every thread fetches one element of the second and third block
  cuda::memcpy_async(buffer + block_size, in + block_size, sizeof(float), pipeline);
  cuda::memcpy_async(buffer + 2 * block_size, in + 2 * block_size, sizeof(float), pipeline);
  pipeline.producer_commit();

  // Third stage of memory copies
  pipeline.producer_acquire();
  // Every thread fetches one element of the last block
  cuda::memcpy_async(buffer + 3 * block_size, in + 3 * block_size, sizeof(float), pipeline);
  pipeline.producer_commit();

  // Wait for the oldest stage (waits for first stage)
  pipeline.consumer_wait();
  pipeline.consumer_release();

  // __syncthreads();
  // Use data from the first stage

  // Wait for the oldest stage (waits for second stage)
  pipeline.consumer_wait();
  pipeline.consumer_release();

  // __syncthreads();
  // Use data from the second stage

  // Wait for the oldest stage (waits for third stage)
  pipeline.consumer_wait();
  pipeline.consumer_release();

  // __syncthreads();
  // Use data from the third stage
}

using pipeline = cuda::pipeline<cuda::thread_scope_block>;

__device__ __forceinline__ void produce(pipeline &pipe, int num_stages, int stage, int num_batches, int batch, float *buffer, int buffer_len, float *in, int N)
{
  if (batch < num_batches)
  {
    pipe.producer_acquire();
    /* copy data from in(batch) to buffer(stage) using asynchronous memory copies */
    auto block = cooperative_groups::this_thread_block();
    for (int i = block.thread_rank(); i < buffer_len; i += block.size() / 2)
      cuda::memcpy_async(buffer + stage * buffer_len + i, in + batch * buffer_len + i, sizeof(float), pipe);
    pipe.producer_commit();
  }
}

__device__ __forceinline__ void consume(pipeline &pipe, int num_stages, int stage, int num_batches, int batch, float *buffer, int buffer_len, float *out, int N)
{
  pipe.consumer_wait();
  /* consume buffer(stage) and update out(batch) */
  auto block = cooperative_groups::this_thread_block();
  for (int i = block.thread_rank() - block.size() / 2; i < buffer_len; i += block.size() / 2)
    out[batch * buffer_len + i] = buffer[stage * buffer_len + i];
  pipe.consumer_release();
}

__global__ void producer_consumer_pattern(float *in, float *out, int N, int buffer_len)
{
  auto block = cooperative_groups::this_thread_block();

  /* Shared memory buffer declared below is of size 2 * buffer_len
     so that we can alternatively work between two buffers.
     buffer_0 = buffer and buffer_1 = buffer + buffer_len */
  __shared__ extern float buffer[];

  const int num_batches = N / buffer_len;

  // Create a partitioned pipeline with 2 stages where half the threads are producers and the other half are consumers.
  constexpr auto scope = cuda::thread_scope_block;
  constexpr int num_stages = 2;
  cuda::std::size_t producer_count = block.size() / 2;
  __shared__ cuda::pipeline_shared_state<scope, num_stages> shared_state;
  pipeline pipe = cuda::make_pipeline(block, &shared_state, producer_count);

  // Fill the pipeline
  if (block.thread_rank() < producer_count)
  {
    for (int s = 0; s < num_stages; ++s)
    {
      produce(pipe, num_stages, s, num_batches, s, buffer, buffer_len, in, N);
    }
  }

  // Process the batches
  int stage = 0;
  for (size_t b = 0; b < num_batches; ++b)
  {
    if (block.thread_rank() < producer_count)
    {
      // Prefetch the next batch
      produce(pipe, num_stages, stage, num_batches, b + num_stages, buffer, buffer_len, in, N);
    }
    else
    {
      // Consume the oldest batch
      consume(pipe, num_stages, stage, num_batches, b, buffer, buffer_len, out, N);
    }
    stage = (stage + 1) % num_stages;
  }
}
