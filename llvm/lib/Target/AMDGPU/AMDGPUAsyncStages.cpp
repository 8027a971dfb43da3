//===- AMDGPUAsyncStages.cpp - Upstream's draft asyncmark stages ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUAsyncStages.h"
#include "AMDGPUAsyncSubtarget.h"

using namespace llvm;
using namespace llvm::asyncpipe::amdgpu;

uint32_t asyncpipe::amdgpu::getStagesWithOperations(const AsyncSubtarget &ST) {
  uint32_t Stages = 0;
  if (ST.hasLDSDMA())
    Stages |= 1u << BufferGlobalLoadStage;
  if (ST.hasAsyncCnt())
    Stages |= (1u << GlobalLoadAsyncToLDSStage) |
              (1u << GlobalLoadAsyncToLDSMulticastStage) |
              (1u << GlobalStoreAsyncFromLDSStage);
  if (ST.hasTensorCnt())
    Stages |= 1u << TensorStage;
  return Stages;
}

std::string asyncpipe::amdgpu::describeStages(uint32_t Stages) {
  static constexpr struct {
    AsyncStageBit Bit;
    StringLiteral Name;
  } Names[] = {
      {TensorStage, "TENSOR"},
      {GlobalLoadAsyncToLDSStage, "GLOBAL_LOAD_ASYNC_TO_LDS"},
      {GlobalLoadAsyncToLDSMulticastStage, "GLOBAL_LOAD_ASYNC_TO_LDS_MCAST"},
      {GlobalStoreAsyncFromLDSStage, "GLOBAL_STORE_ASYNC_FROM_LDS"},
      {BufferGlobalLoadStage, "BUFFER_GLOBAL_LOAD"},
  };
  std::string Result;
  for (const auto &Stage : Names) {
    if (!(Stages & (1u << Stage.Bit)))
      continue;
    if (!Result.empty())
      Result += '|';
    Result += Stage.Name;
  }
  return Result.empty() ? "no stage" : Result;
}
