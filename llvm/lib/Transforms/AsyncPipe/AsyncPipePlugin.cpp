//===- AsyncPipePlugin.cpp - Plugin entry points of AsyncPipe -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Glue only: turns the entries of PassRegistry.def into registrations with the
// new pass manager (opt, clang -fpass-plugin) and with the legacy codegen
// pipeline (llc -load, clang's backend). No pass logic lives here.
//
//===----------------------------------------------------------------------===//

#include "Target/AMDGPU/AMDGPUAsync.h"
#include "Target/AMDGPU/AMDGPUAsyncChecker.h"
#include "Target/NVPTX/NVPTXAsync.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Transforms/AsyncPipe/AsyncBindWaits.h"
#include "llvm/Transforms/AsyncPipe/AsyncElim.h"
#include "llvm/Transforms/AsyncPipe/AsyncInlineFragments.h"
#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/Transforms/AsyncPipe/AsyncOpSummary.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "llvm/Transforms/AsyncPipe/AsyncSanitize.h"
#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"
#include "llvm/Transforms/AsyncPipe/KernelFusion.h"

using namespace llvm;

#ifndef ASYNCPIPE_VERSION
#define ASYNCPIPE_VERSION "unknown"
#endif

namespace {

bool parseModulePass(StringRef Name, ModulePassManager &MPM,
                     ArrayRef<PassBuilder::PipelineElement>) {
#define ASYNCPIPE_MODULE_PASS(NAME, CREATE_PASS)                               \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#include "PassRegistry.def"
  (void)Name;
  (void)MPM;
  return false;
}

bool parseFunctionPass(StringRef Name, FunctionPassManager &FPM,
                       ArrayRef<PassBuilder::PipelineElement>) {
#define ASYNCPIPE_FUNCTION_PASS(NAME, CREATE_PASS)                             \
  if (Name == NAME) {                                                          \
    FPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#define ASYNCPIPE_FUNCTION_PASS_WITH_PARAMS(NAME, CLASS, PARSER)               \
  if (PassBuilder::checkParametrizedPassName(Name, NAME)) {                    \
    auto Params = PassBuilder::parsePassParameters(PARSER, Name, NAME);        \
    if (!Params) {                                                             \
      errs() << toString(Params.takeError()) << "\n";                          \
      return false;                                                            \
    }                                                                          \
    FPM.addPass(CLASS(*Params));                                               \
    return true;                                                               \
  }
#include "PassRegistry.def"
  (void)Name;
  (void)FPM;
  return false;
}

void registerPipelinePasses(PassBuilder &PB) {
#define ASYNCPIPE_PIPELINE_MODULE_PASS(EXTENSION_POINT, CREATE_PASS)           \
  PB.register##EXTENSION_POINT##EPCallback(                                    \
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {                 \
        MPM.addPass(CREATE_PASS);                                              \
      });
#define ASYNCPIPE_PIPELINE_FUNCTION_PASS(EXTENSION_POINT, CREATE_PASS)         \
  PB.register##EXTENSION_POINT##EPCallback(                                    \
      [](ModulePassManager &MPM, OptimizationLevel, auto...) {                 \
        MPM.addPass(createModuleToFunctionPassAdaptor(CREATE_PASS));           \
      });
#define ASYNCPIPE_PIPELINE_OPTIMIZING_MODULE_PASS(EXTENSION_POINT, CREATE_PASS) \
  PB.register##EXTENSION_POINT##EPCallback(                                    \
      [](ModulePassManager &MPM, OptimizationLevel Level, auto...) {           \
        if (Level != OptimizationLevel::O0)                                    \
          MPM.addPass(CREATE_PASS);                                            \
      });
#define ASYNCPIPE_PIPELINE_OPTIMIZING_FUNCTION_PASS(EXTENSION_POINT,           \
                                                    CREATE_PASS)               \
  PB.register##EXTENSION_POINT##EPCallback(                                    \
      [](ModulePassManager &MPM, OptimizationLevel Level, auto...) {           \
        if (Level != OptimizationLevel::O0)                                    \
          MPM.addPass(createModuleToFunctionPassAdaptor(CREATE_PASS));         \
      });
#define ASYNCPIPE_PIPELINE_FPM_PASS(EXTENSION_POINT, CREATE_PASS)              \
  PB.register##EXTENSION_POINT##EPCallback(                                    \
      [](FunctionPassManager &FPM, OptimizationLevel) {                        \
        FPM.addPass(CREATE_PASS);                                              \
      });
#include "PassRegistry.def"
}

void registerAnalyses(FunctionAnalysisManager &FAM) {
#define ASYNCPIPE_FUNCTION_ANALYSIS(NAME, CREATE_ANALYSIS)                     \
  FAM.registerPass([] { return CREATE_ANALYSIS; });
#include "PassRegistry.def"
}

bool parseAnalysisName(StringRef Name, FunctionPassManager &FPM) {
#define ASYNCPIPE_FUNCTION_ANALYSIS(NAME, CREATE_ANALYSIS)                     \
  if (Name == "require<" NAME ">") {                                           \
    FPM.addPass(                                                               \
        RequireAnalysisPass<std::remove_reference_t<decltype(CREATE_ANALYSIS)>, \
                            Function>());                                      \
    return true;                                                               \
  }
#include "PassRegistry.def"
  (void)Name;
  (void)FPM;
  return false;
}

void registerPassBuilderCallbacks(PassBuilder &PB) {
  PB.registerAnalysisRegistrationCallback(registerAnalyses);
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return parseAnalysisName(Name, FPM);
      });
  PB.registerPipelineParsingCallback(parseModulePass);
  PB.registerPipelineParsingCallback(parseFunctionPass);
  registerPipelinePasses(PB);
}

/// Adds \p P to the codegen pipeline after the pass named \p After, or at the
/// start of codegen when \p After is empty.
void addCodeGenPass(legacy::PassManagerBase &PM, TargetPassConfig &PC,
                    StringRef After, Pass *P) {
  if (After.empty()) {
    PM.add(P);
    return;
  }
  // A bare string literal would select getPassInfo(const void *).
  const PassInfo *Anchor =
      PassRegistry::getPassRegistry()->getPassInfo(StringRef(After));
  if (!Anchor)
    report_fatal_error(Twine("AsyncPipe: codegen pass '") + After +
                       "' is not registered; this plugin needs LLVM " +
                       LLVM_VERSION_STRING);
  PC.insertPass(Anchor->getTypeInfo(), P);
}

void addCodeGenPasses(TargetMachine &TM, legacy::PassManagerBase &PM,
                      TargetPassConfig *PC) {
  const Triple &TT = TM.getTargetTriple();
  if (!PC)
    return;
#define ASYNCPIPE_CODEGEN_PASS(IS_TARGET, AFTER, CREATE_PASS)                  \
  if (TT.IS_TARGET())                                                          \
    addCodeGenPass(PM, *PC, AFTER, CREATE_PASS);
#include "PassRegistry.def"
}

RegisterTargetPassConfigCallback CodeGenHook(addCodeGenPasses);

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AsyncPipe", ASYNCPIPE_VERSION,
          registerPassBuilderCallbacks};
}
