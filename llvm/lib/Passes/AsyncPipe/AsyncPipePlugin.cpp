//===- AsyncPipePlugin.cpp - Plugin entry points of AsyncPipe -------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Glue only: turns the entries of PassRegistry.def into registrations with the
// new pass manager (opt, clang -fpass-plugin) and with the legacy codegen
// pipeline (llc -load, clang's backend), and registers every target's hooks
// with the target-independent code. No pass logic lives here; this is the only
// file that knows every target.
//
//===----------------------------------------------------------------------===//

#include "Target/AMDGPU/AMDGPUAsync.h"
#include "Target/AMDGPU/AMDGPUAsyncChecker.h"
#include "Target/Host/HostAsync.h"
#include "Target/NVPTX/NVPTXAsync.h"
#include "Target/SPIRV/SPIRVAsync.h"
#include "llvm/Analysis/AsyncPipe/AsyncMarkAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncOpSummary.h"
#include "llvm/Analysis/AsyncPipe/AsyncRaceAnalysis.h"
#include "llvm/Analysis/AsyncPipe/AsyncRaceCheck.h"
#include "llvm/Analysis/AsyncPipe/AsyncUnobservedWaits.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Target/RegisterTargetPassConfigCallback.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/AsyncPipe/AsyncBindWaits.h"
#include "llvm/Transforms/AsyncPipe/AsyncCheckAddressTaken.h"
#include "llvm/Transforms/AsyncPipe/AsyncElim.h"
#include "llvm/Transforms/AsyncPipe/AsyncLower.h"
#include "llvm/Transforms/AsyncPipe/AsyncLowerFutures.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipeline.h"
#include "llvm/Transforms/AsyncPipe/AsyncPipelineOpenCLKernels.h"
#include "llvm/Transforms/AsyncPipe/AsyncSanitize.h"
#include "llvm/Transforms/AsyncPipe/AsyncTagRuntimeCounts.h"
#include "llvm/Transforms/IPO/AlwaysInliner.h"
#include "llvm/Transforms/KernelFusion/KernelFusion.h"

using namespace llvm;

#ifndef ASYNCPIPE_VERSION
#define ASYNCPIPE_VERSION "unknown"
#endif

namespace llvm::asyncpipe {

/// The passes a name of ASYNCPIPE_MODULE_PASS_SEQUENCE stands for, run as
/// one pass of the pipeline through a pass manager of their own, on the
/// modules a predicate accepts. It prints itself as that name, which parses
/// back to the same sequence.
class ModulePassSequence : public PassInfoMixin<ModulePassSequence> {
public:
  template <typename... PassTs>
  ModulePassSequence(StringRef Name, bool (*RunsOn)(const Module &),
                     PassTs &&...Passes)
      : Name(Name), RunsOn(RunsOn) {
    (MPM.addPass(std::forward<PassTs>(Passes)), ...);
  }

  PreservedAnalyses run(Module &M, ModuleAnalysisManager &AM) {
    if (RunsOn && !RunsOn(M))
      return PreservedAnalyses::all();
    return MPM.run(M, AM);
  }
  void printPipeline(raw_ostream &OS, function_ref<StringRef(StringRef)>) {
    OS << Name;
  }
  static bool isRequired() { return true; }

private:
  StringRef Name;
  bool (*RunsOn)(const Module &);
  ModulePassManager MPM;
};

} // namespace llvm::asyncpipe

namespace {

/// The passes \p Name stands for, an ASYNCPIPE_MODULE_PASS_SEQUENCE.
asyncpipe::ModulePassSequence createModulePassSequence(StringRef Name) {
#define ASYNCPIPE_MODULE_PASS_SEQUENCE(NAME, CLASS, RUNS_ON, ...)              \
  if (Name == NAME)                                                            \
    return asyncpipe::ModulePassSequence(NAME, RUNS_ON, __VA_ARGS__);
#include "PassRegistry.def"
  llvm_unreachable("not an ASYNCPIPE_MODULE_PASS_SEQUENCE");
}

/// Tells \p PIC that \p Name names pass class \p PassT (none if void).
template <typename PassT>
void addClassName(PassInstrumentationCallbacks &PIC, StringRef Name) {
  if constexpr (!std::is_void_v<PassT>)
    PIC.addClassToPassName(PassT::name(), Name);
}

bool parseModulePass(StringRef Name, ModulePassManager &MPM,
                     ArrayRef<PassBuilder::PipelineElement>) {
#define ASYNCPIPE_MODULE_PASS(NAME, CREATE_PASS)                               \
  if (Name == NAME) {                                                          \
    MPM.addPass(CREATE_PASS);                                                  \
    return true;                                                               \
  }
#define ASYNCPIPE_MODULE_PASS_SEQUENCE(NAME, CLASS, RUNS_ON, ...)              \
  if (Name == NAME) {                                                          \
    MPM.addPass(createModulePassSequence(NAME));                               \
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
#define ASYNCPIPE_PIPELINE_OPTIMIZING_MODULE_PASS(EXTENSION_POINT,             \
                                                  CREATE_PASS)                 \
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
        RequireAnalysisPass<                                                   \
            std::remove_reference_t<decltype(CREATE_ANALYSIS)>, Function>());  \
    return true;                                                               \
  }
#include "PassRegistry.def"
  (void)Name;
  (void)FPM;
  return false;
}

/// Tells pass instrumentation the name of every pass class, so that
/// -print-after=NAME, -filter-passes=NAME and -print-pipeline-passes know the
/// plugin's passes by the names opt parses.
void registerClassNames(PassInstrumentationCallbacks &PIC) {
#define ASYNCPIPE_MODULE_PASS(NAME, CREATE_PASS)                               \
  PIC.addClassToPassName(decltype(CREATE_PASS)::name(), NAME);
#define ASYNCPIPE_FUNCTION_PASS(NAME, CREATE_PASS)                             \
  PIC.addClassToPassName(decltype(CREATE_PASS)::name(), NAME);
#define ASYNCPIPE_FUNCTION_PASS_WITH_PARAMS(NAME, CLASS, PARSER)               \
  PIC.addClassToPassName(CLASS::name(), NAME);
#define ASYNCPIPE_MODULE_PASS_SEQUENCE(NAME, CLASS, RUNS_ON, ...)              \
  addClassName<CLASS>(PIC, NAME);
#include "PassRegistry.def"
}

void registerPassBuilderCallbacks(PassBuilder &PB) {
  if (PassInstrumentationCallbacks *PIC = PB.getPassInstrumentationCallbacks())
    registerClassNames(*PIC);
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
/// start of codegen when \p After is empty. Every pass goes through
/// TargetPassConfig::insertPass, never straight into the pass manager, so that
/// -stop-before/-stop-after honour it. \p StartPass is the pass named by
/// -start-before/-start-after, if any.
void addCodeGenPass(TargetPassConfig &PC, StringRef After, Pass *P,
                    StringRef StartPass) {
  if (After.empty())
    After = "pre-isel-intrinsic-lowering";
  // A bare string literal would select getPassInfo(const void *).
  const PassInfo *Anchor =
      PassRegistry::getPassRegistry()->getPassInfo(StringRef(After));
  if (!Anchor)
    report_fatal_error(Twine("AsyncPipe: codegen pass '") + After +
                       "' is not registered; this plugin needs LLVM " +
                       LLVM_VERSION_STRING);
  // TargetPassConfig adds an inserted pass only once the pass before it was
  // added, which never happens before the pipeline has started: a pipeline
  // cannot start at an inserted pass, and would silently do nothing.
  const PassInfo *Info =
      PassRegistry::getPassRegistry()->getPassInfo(P->getPassID());
  if (Info && !StartPass.empty() && Info->getPassArgument() == StartPass)
    reportFatalUsageError(
        Twine("AsyncPipe: a codegen pipeline cannot start at '") + StartPass +
        "', which the plugin inserts after '" + After + "'; use -start-after=" +
        After + " instead, or run the pass alone with -run-pass=" + StartPass);
  PC.insertPass(Anchor->getTypeInfo(), P);
}

/// The pass named by -start-before or -start-after, or "".
std::string getStartPass() {
  if (!TargetPassConfig::hasLimitedCodeGenPipeline())
    return "";
  PassInstrumentationCallbacks PIC;
  Expected<TargetPassConfig::StartStopInfo> Info =
      TargetPassConfig::getStartStopInfo(PIC);
  if (!Info) {
    // TargetPassConfig reports the conflicting options itself.
    consumeError(Info.takeError());
    return "";
  }
  return Info->StartPass.str();
}

void addCodeGenPasses(TargetMachine &TM, legacy::PassManagerBase &,
                      TargetPassConfig *PC) {
  const Triple &TT = TM.getTargetTriple();
  if (!PC)
    return;
  std::string StartPass = getStartPass();
#define ASYNCPIPE_CODEGEN_PASS(IS_TARGET, AFTER, CREATE_PASS)                  \
  if (TT.IS_TARGET())                                                          \
    addCodeGenPass(*PC, AFTER, CREATE_PASS, StartPass);
#include "PassRegistry.def"
}

RegisterTargetPassConfigCallback CodeGenHook(addCodeGenPasses);

/// Registers the legacy passes with the PassRegistry while the library is
/// being loaded. `llc -load=` loads it in the middle of parsing the command
/// line and never asks it for plugin info, so this cannot wait for a callback;
/// llc looks -run-pass, -start-*/-stop-* and -print-after names up only after
/// parsing, when the passes are known.
struct LegacyPassRegistration {
  LegacyPassRegistration() {
    PassRegistry &Registry = *PassRegistry::getPassRegistry();
#define ASYNCPIPE_LEGACY_PASS(NAME, INITIALIZE) INITIALIZE(Registry);
#include "PassRegistry.def"
  }
} RegisterLegacyPasses;

/// Plugs every target into the target-independent registries while the
/// library is being loaded, for the same reason: llc runs passes without
/// asking for plugin info, and opt parses -asyncpipe-debug= before it does.
struct TargetRegistration {
  TargetRegistration() {
    using namespace asyncpipe;
    registerAMDGPUAsyncTarget();
    registerNVPTXAsyncTarget();
    registerHostAsyncTarget();
    registerNVPTXInlineAsmRecognizer();
    registerAMDGPUWorkItemModel();
    registerNVPTXWorkItemModel();
    registerSPIRVWorkItemModel();
    static constexpr StringLiteral DebugTypes[] = {
#define ASYNCPIPE_DEBUG_TYPE(NAME) NAME,
#include "PassRegistry.def"
    };
    registerDebugTypes(DebugTypes);
  }
} RegisterTargets;

} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "AsyncPipe", ASYNCPIPE_VERSION,
          registerPassBuilderCallbacks};
}
