//===- WorkItemModel.h - How a target names work-item queries ---*- C++ -*-===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Kernel fusion rewrites the questions a kernel asks about its work-item
/// (global id, local size, ...) and inserts work-group barriers. Each target
/// spells these differently: AMDGPU intrinsics and dispatch-packet loads,
/// NVPTX special registers, OpenCL/SPIR builtin calls. WorkItemModel is the
/// one interface the fusion steps use. Targets register their models
/// (registerFactory): the plugin entry and asyncpipe-fuse register every
/// target, and the fusion code never looks at a triple.
///
//===----------------------------------------------------------------------===//

#ifndef LLVM_TRANSFORMS_KERNELFUSION_WORKITEMMODEL_H
#define LLVM_TRANSFORMS_KERNELFUSION_WORKITEMMODEL_H

#include "llvm/ADT/StringRef.h"
#include <memory>
#include <optional>

namespace llvm {
class IRBuilderBase;
class Instruction;
class Module;
class Value;

namespace asyncpipe {

/// The work-item components of the fusion design.
enum class WorkItemQueryKind {
  GlobalId,
  LocalId,
  GroupId,
  GlobalSize,
  LocalSize,
  NumGroups,
  GlobalOffset,
  WorkDim,
};

/// Returns the OpenCL-style name of \p Kind ("global_id", ...).
StringRef getWorkItemQueryName(WorkItemQueryKind Kind);

/// One instruction that reads a work-item component. Its result is what the
/// query returns, in the instruction's own integer type.
struct WorkItemQuery {
  Instruction *Inst = nullptr;
  WorkItemQueryKind Kind = WorkItemQueryKind::GlobalId;
  /// The dimension asked for (0 = x), or null for WorkDim. Not necessarily a
  /// constant for builtin calls.
  Value *Dimension = nullptr;
};

class WorkItemModel {
public:
  virtual ~WorkItemModel();

  /// The model of \p M's target: the first registered factory's that
  /// accepts \p M (AMDGPU, NVPTX, SPIR and SPIR-V), or else the builtin
  /// model of the host (createBuiltinWorkItemModel with local address space
  /// 0).
  static std::unique_ptr<WorkItemModel> get(const Module &M);

  /// A target's factory: its model if \p M is for the target, null
  /// otherwise.
  using Factory = std::unique_ptr<WorkItemModel> (*)(const Module &M);
  /// Adds \p F to the factories get() asks, in registration order (once:
  /// registering a factory again does nothing).
  static void registerFactory(Factory F);

  /// A short name for diagnostics ("AMDGPU", "NVPTX", "OpenCL builtins",
  /// "SPIR-V builtins").
  virtual StringRef getName() const = 0;

  /// Recognizes \p I as a work-item query.
  virtual std::optional<WorkItemQuery> matchQuery(Instruction &I) const = 0;

  /// True if \p I reads work-item information in a form matchQuery() does
  /// not understand (e.g. two packed sizes in one load): it could not be
  /// remapped.
  virtual bool isUnrecognizedQuery(Instruction &I) const {
    (void)I;
    return false;
  }

  /// If \p I reads a work-item property fusion does not model (sub-group,
  /// lane and enqueued-size queries, linear ids), its name; empty
  /// otherwise. Such a query could not be given the value it has in the
  /// kernel's own nd-range.
  virtual StringRef getUnmodelledQuery(const Instruction &I) const {
    (void)I;
    return "";
  }

  /// True if \p I is a work-group barrier (of any flavour the target has).
  virtual bool isBarrier(const Instruction &I) const = 0;

  /// True if the target has a global id query (OpenCL get_global_id). GPU
  /// targets compute it as group_id * local_size + local_id instead, so
  /// remapping a global id there remaps those three.
  virtual bool hasGlobalIdQuery() const = 0;

  /// True if the target has a global offset (OpenCL get_global_offset,
  /// included in get_global_id). Without one, fused nd-ranges must have no
  /// offset.
  virtual bool hasGlobalOffset() const = 0;

  /// Emits the global id of the executing work-item in dimension \p Dim as an
  /// i64. It includes the global offset where the target has one.
  virtual Value *createGlobalId(IRBuilderBase &B, unsigned Dim) const = 0;

  /// Emits a work-group barrier that also orders local and global memory.
  virtual void createBarrier(IRBuilderBase &B) const = 0;

  /// Address space of work-group-shared memory.
  virtual unsigned getLocalAddressSpace() const = 0;
};

/// The model of code that asks through OpenCL builtin calls, or through the
/// SPIR-V builtins (__spirv_BuiltIn* globals and __spirv_* calls, next to
/// OpenCL builtin calls) if \p M uses them, with work-group memory in
/// \p LocalAddressSpace (3 for SPIR and SPIR-V, 0 on the host).
std::unique_ptr<WorkItemModel>
createBuiltinWorkItemModel(const Module &M, unsigned LocalAddressSpace);

} // namespace asyncpipe
} // namespace llvm

#endif // LLVM_TRANSFORMS_KERNELFUSION_WORKITEMMODEL_H
