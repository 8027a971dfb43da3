//===- asyncpipe-fuse.cpp - Fuse kernels as a JSON spec says --------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// A command-line front end to the kernel fusion library, behaving like a
// runtime would: it collects the spec's kernels in a KernelFusionList,
// completes the fusion, and writes the module with the fused kernel. A
// refusal is an error (exit code 1) naming the violated restriction, or with
// --fallback a note listing the kernels that run individually instead.
// llvm/docs/AsyncPipeKernelFusion.rst describes the JSON spec.
//
//===----------------------------------------------------------------------===//

#include "Target/AMDGPU/AMDGPUAsync.h"
#include "Target/NVPTX/NVPTXAsync.h"
#include "Target/SPIRV/SPIRVAsync.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Transforms/KernelFusion/KernelFusionList.h"
#include <limits>

using namespace llvm;
using namespace llvm::asyncpipe;

static cl::opt<std::string>
    InputFilename(cl::Positional, cl::desc("<input module>"), cl::init("-"));
static cl::opt<std::string> SpecFilename("spec", cl::Required,
                                         cl::desc("JSON fusion spec"),
                                         cl::value_desc("file"));
static cl::opt<std::string> OutputFilename("o", cl::desc("Output module"),
                                           cl::value_desc("file"),
                                           cl::init("-"));
static cl::opt<bool> OutputAssembly("S",
                                    cl::desc("Write textual IR, not bitcode"));
static cl::opt<bool> Fallback(
    "fallback",
    cl::desc("On refusal, write the module unchanged and list the kernels "
             "to run individually instead of failing"));
static cl::opt<bool>
    PrintLaunch("print-launch",
                cl::desc("Print the fused kernel's parameters and nd-range"));

static StringRef ToolName = "asyncpipe-fuse";

[[noreturn]] static void fail(const Twine &Message) {
  WithColor::error(errs(), ToolName) << Message << "\n";
  exit(1);
}

/// \p S in double quotes, with control characters, quotes and backslashes
/// escaped: a spec's strings may hold bytes that would garble a message.
static std::string quote(StringRef S) {
  std::string Quoted;
  raw_string_ostream OS(Quoted);
  OS << '"';
  printEscapedString(S, OS);
  OS << '"';
  return Quoted;
}

/// The deepest nesting of arrays and objects a spec may have. A fusion spec
/// needs five levels (the spec, "kernels", a kernel, its "nd_range", its
/// "global"); the rest is room for what a runtime writes beside them.
static constexpr unsigned MaxSpecDepth = 64;

/// "line:column" of byte \p Offset of \p Text, both counted from 1.
static std::string getLocation(StringRef Text, size_t Offset) {
  StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n');
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  return (Twine(Before.count('\n') + 1) + ":" + Twine(Offset - LineStart + 1))
      .str();
}

/// The offset of the '"' that ends the string starting at \p Start.
static size_t findStringEnd(StringRef Text, size_t Start) {
  size_t I = Start + 1;
  for (; I < Text.size() && Text[I] != '"'; ++I)
    if (Text[I] == '\\')
      ++I; // An escaped character never ends the string.
  return I;
}

/// json::parse recurses once per level of nesting, so a spec nested tens of
/// thousands deep would overflow the stack before any error. Count the
/// levels first; brackets inside strings do not count. Up to its first
/// error json::parse reads a valid prefix, where this count is its depth.
static void checkSpecDepth(StringRef File, StringRef Text) {
  unsigned Depth = 0;
  for (size_t I = 0, E = Text.size(); I < E; ++I) {
    switch (Text[I]) {
    case '"':
      I = findStringEnd(Text, I);
      break;
    case '[':
    case '{':
      if (++Depth > MaxSpecDepth)
        fail(File + ":" + getLocation(Text, I) +
             ": the spec nests arrays and objects deeper than " +
             Twine(MaxSpecDepth) +
             " levels (a fusion spec needs 5); look for brackets left open "
             "or remove the extra nesting");
      break;
    case ']':
    case '}':
      // An unbalanced bracket is json::parse's to report.
      if (Depth)
        --Depth;
      break;
    }
  }
}

/// llvm::json::Object keeps one of two equal keys and drops the other
/// without a word, so a spec that says a thing twice would have one of its
/// values ignored. Find the keys of each object in the text instead; \p Text
/// is valid JSON, as json::parse has read it.
static void checkDuplicateKeys(StringRef File, StringRef Text) {
  struct Container {
    bool IsObject;
    // In an object, after '{' or ',': the next string is a key.
    bool ExpectKey;
    // Each key read so far, with the offset of its first occurrence.
    StringMap<size_t> Keys;
  };
  SmallVector<Container, 8> Open;
  for (size_t I = 0, E = Text.size(); I < E; ++I) {
    switch (Text[I]) {
    case '{':
    case '[':
      Open.push_back({Text[I] == '{', Text[I] == '{', {}});
      break;
    case '}':
    case ']':
      Open.pop_back();
      break;
    case ',':
      if (!Open.empty() && Open.back().IsObject)
        Open.back().ExpectKey = true;
      break;
    case '"': {
      size_t Start = I;
      I = findStringEnd(Text, I);
      if (Open.empty() || !Open.back().ExpectKey)
        break;
      Open.back().ExpectKey = false;
      // Keys compare as json::parse decodes them: "n\u0061me" is "name".
      json::Value Key =
          cantFail(json::parse(Text.slice(Start, I + 1)),
                   "a string of a spec that parsed did not parse alone");
      auto [It, Inserted] =
          Open.back().Keys.try_emplace(*Key.getAsString(), Start);
      if (!Inserted)
        fail(File + ":" + getLocation(Text, Start) + ": duplicate key " +
             quote(It->first()) + " (first at " +
             getLocation(Text, It->second) +
             "); JSON readers differ in which one counts, so give each key "
             "once");
      break;
    }
    }
  }
}

namespace {

/// Reads the JSON spec into the launches and hints a runtime would hold.
class SpecReader {
public:
  SpecReader(const Module &M, StringRef File) : M(M), File(File) {}

  void read(const json::Value &Root);
  std::string FusedName;
  SmallVector<KernelLaunch, 4> Launches;
  FusionHints Hints;

private:
  [[noreturn]] void malformed(const Twine &Why) { fail(File + ": " + Why); }
  void checkName(const Twine &Field, StringRef Name);
  uint64_t getUInt(const json::Object &O, StringRef Key,
                   uint64_t Max = std::numeric_limits<int64_t>::max());
  unsigned getUnsigned(const json::Object &O, StringRef Key);
  const json::Array *getOptionalArray(const json::Object &O, StringRef Key);
  std::array<uint64_t, 3> getTriple(const json::Object &O, StringRef Key,
                                    unsigned Dims);
  KernelArgRef getArgRef(const json::Object &O);
  NDRange readNDRange(const json::Object &O);
  void readKernels(const json::Array &Kernels);
  void readIdentical(const json::Array &Groups);
  void readPromotions(const json::Array &Hints);
  void readConstants(const json::Array &Constants);
  SmallVector<uint8_t, 8> getArgBytes(KernelArgRef Ref,
                                      const json::Value &Value);

  const Module &M;
  StringRef File;
};

/// Names become LLVM IR names, where a control character does harm: the IR
/// parser refuses a NUL, a leading 0x01 turns off name mangling, and none of
/// them shows in a message. \p Field says which name it is.
void SpecReader::checkName(const Twine &Field, StringRef Name) {
  const char *Bad = find_if(Name, [](char C) {
    return static_cast<unsigned char>(C) < 0x20 || C == 0x7f;
  });
  if (Bad == Name.end())
    return;
  malformed(Field + " (" + quote(Name) + ") contains the control character 0x" +
            utohexstr(static_cast<unsigned char>(*Bad), /*LowerCase=*/true,
                      /*Width=*/2) +
            " at byte " + Twine(Bad - Name.begin()) +
            "; names may not contain bytes below 0x20 or 0x7f, so remove it");
}

uint64_t SpecReader::getUInt(const json::Object &O, StringRef Key,
                             uint64_t Max) {
  std::optional<int64_t> V = O.getInteger(Key);
  if (!V || *V < 0)
    malformed("'" + Key + "' must be a non-negative integer");
  if (uint64_t(*V) > Max)
    malformed("'" + Key + "' must be at most " + Twine(Max) + ", not " +
              Twine(*V));
  return *V;
}

/// A field the library keeps as unsigned: a larger value would wrap, and
/// kernel 4294967296 would silently be kernel 0.
unsigned SpecReader::getUnsigned(const json::Object &O, StringRef Key) {
  return getUInt(O, Key, std::numeric_limits<unsigned>::max());
}

/// \p Key of \p O, an array, or null if \p O has no \p Key. Anything else
/// is an error, not a missing key: "global": 4 read as missing would be a
/// global size of 0, and "promote": {...} no promotion at all.
const json::Array *SpecReader::getOptionalArray(const json::Object &O,
                                                StringRef Key) {
  const json::Value *V = O.get(Key);
  if (!V)
    return nullptr;
  if (const json::Array *A = V->getAsArray())
    return A;
  malformed("'" + Key + "' must be an array");
}

std::array<uint64_t, 3> SpecReader::getTriple(const json::Object &O,
                                              StringRef Key, unsigned Dims) {
  std::array<uint64_t, 3> Triple = {0, 0, 0};
  const json::Array *A = getOptionalArray(O, Key);
  if (!A)
    return Triple;
  if (A->size() > 3)
    malformed("'" + Key + "' has more than 3 entries");
  for (unsigned Dim = 0; Dim < A->size(); ++Dim) {
    std::optional<int64_t> V = (*A)[Dim].getAsInteger();
    if (!V || *V < 0)
      malformed("'" + Key + "' entries must be non-negative integers");
    if (Dim < Dims)
      Triple[Dim] = *V;
  }
  return Triple;
}

NDRange SpecReader::readNDRange(const json::Object &O) {
  NDRange Range;
  Range.Dimensions = getUnsigned(O, "dims");
  Range.GlobalSize = getTriple(O, "global", Range.Dimensions);
  Range.LocalSize = getTriple(O, "local", Range.Dimensions);
  Range.Offset = getTriple(O, "offset", Range.Dimensions);
  return Range;
}

KernelArgRef SpecReader::getArgRef(const json::Object &O) {
  return KernelArgRef{getUnsigned(O, "kernel"), getUnsigned(O, "arg")};
}

void SpecReader::readKernels(const json::Array &Kernels) {
  for (const json::Value &V : Kernels) {
    const json::Object *K = V.getAsObject();
    std::optional<StringRef> Name = K ? K->getString("name") : std::nullopt;
    const json::Object *Range = K ? K->getObject("nd_range") : nullptr;
    if (!Name || !Range)
      malformed("each kernel needs a \"name\" and an \"nd_range\"");
    checkName("the \"name\" of kernel " + Twine(Launches.size()), *Name);
    Launches.push_back({Name->str(), readNDRange(*Range)});
  }
}

void SpecReader::readIdentical(const json::Array &Groups) {
  for (const json::Value &GroupValue : Groups) {
    const json::Array *Group = GroupValue.getAsArray();
    if (!Group)
      malformed("\"identical\" must list groups of [kernel, arg] pairs");
    SmallVector<KernelArgRef, 2> Members;
    for (const json::Value &PairValue : *Group) {
      const json::Array *Pair = PairValue.getAsArray();
      std::optional<int64_t> Kernel, Arg;
      if (Pair && Pair->size() == 2) {
        Kernel = (*Pair)[0].getAsInteger();
        Arg = (*Pair)[1].getAsInteger();
      }
      if (!Kernel || !Arg || *Kernel < 0 || *Arg < 0)
        malformed("\"identical\" must list groups of [kernel, arg] pairs");
      constexpr unsigned Max = std::numeric_limits<unsigned>::max();
      if (uint64_t(*Kernel) > Max || uint64_t(*Arg) > Max)
        malformed("\"identical\" kernel and arg numbers must be at most " +
                  Twine(Max));
      Members.push_back({unsigned(*Kernel), unsigned(*Arg)});
    }
    Hints.IdenticalArgs.push_back(Members);
  }
}

void SpecReader::readPromotions(const json::Array &Promotions) {
  for (const json::Value &V : Promotions) {
    const json::Object *O = V.getAsObject();
    std::optional<StringRef> Kind = O ? O->getString("kind") : std::nullopt;
    if (!Kind)
      malformed("each promotion needs a \"kind\"");
    PromotionHint Hint;
    Hint.Arg = getArgRef(*O);
    if (*Kind == "local")
      Hint.Kind = Promotion::Local;
    else if (*Kind == "private")
      Hint.Kind = Promotion::Private;
    else if (*Kind != "none")
      malformed("unknown promotion kind " + quote(*Kind));
    Hint.NumElements = getUInt(*O, "elements");
    Hint.ElementSize = getUInt(*O, "element_size");
    Hints.Promotions.push_back(Hint);
  }
}

/// The bytes the runtime would pass for \p Value as the argument's type.
/// An argument the module does not have gets no bytes; the library then
/// refuses the reference.
SmallVector<uint8_t, 8> SpecReader::getArgBytes(KernelArgRef Ref,
                                                const json::Value &Value) {
  if (Ref.Kernel >= Launches.size())
    return {};
  const Function *Kernel = M.getFunction(Launches[Ref.Kernel].Kernel);
  if (!Kernel || Ref.Arg >= Kernel->arg_size())
    return {};
  Type *Ty = Kernel->getArg(Ref.Arg)->getType();
  APInt Bits;
  if (Ty->isIntegerTy()) {
    std::optional<int64_t> I = Value.getAsInteger();
    if (!I)
      malformed("the constant for an integer argument must be an integer");
    Bits = APInt(Ty->getIntegerBitWidth(), *I, /*isSigned=*/true,
                 /*implicitTrunc=*/true);
  } else if (Ty->isFloatingPointTy()) {
    std::optional<double> D = Value.getAsNumber();
    if (!D)
      malformed("the constant for a floating-point argument must be a "
                "number");
    APFloat F(*D);
    bool LosesInfo;
    F.convert(Ty->getFltSemantics(), APFloat::rmNearestTiesToEven, &LosesInfo);
    Bits = F.bitcastToAPInt();
  } else if (Ty->isVectorTy() || Ty->isAggregateType() ||
             Kernel->getArg(Ref.Arg)->getPointeeInMemoryValueType()) {
    // One number cannot say what each element or field holds.
    malformed("a constant \"value\" is for an integer or floating-point "
              "argument; give the \"bytes\" of a vector, struct or array");
  } else {
    // Not a scalar: the library refuses it with the reason.
    return SmallVector<uint8_t, 8>(1, 0);
  }
  const DataLayout &DL = M.getDataLayout();
  // Whole bytes, as the store size of i1 or i24 has them.
  unsigned NumBytes = (Bits.getBitWidth() + 7) / 8;
  SmallVector<uint8_t, 8> Bytes(NumBytes);
  for (unsigned I = 0; I < NumBytes; ++I)
    Bytes[DL.isLittleEndian() ? I : NumBytes - 1 - I] =
        Bits.extractBitsAsZExtValue(std::min(8u, Bits.getBitWidth() - I * 8),
                                    I * 8);
  return Bytes;
}

void SpecReader::readConstants(const json::Array &Constants) {
  for (const json::Value &V : Constants) {
    const json::Object *O = V.getAsObject();
    const json::Value *Value = O ? O->get("value") : nullptr;
    const json::Array *Raw = O ? getOptionalArray(*O, "bytes") : nullptr;
    if (!Value == !Raw)
      malformed("each constant needs a \"value\" or its \"bytes\"");
    KernelArgRef Ref = getArgRef(*O);
    if (Value) {
      Hints.Constants.push_back({Ref, getArgBytes(Ref, *Value)});
      continue;
    }
    // The bytes as the runtime passes them, e.g. a struct passed by value.
    SmallVector<uint8_t, 8> Bytes;
    for (const json::Value &B : *Raw) {
      std::optional<int64_t> Byte = B.getAsInteger();
      if (!Byte || *Byte < 0 || *Byte > 255)
        malformed("\"bytes\" must be integers from 0 to 255");
      Bytes.push_back(uint8_t(*Byte));
    }
    Hints.Constants.push_back({Ref, Bytes});
  }
}

void SpecReader::read(const json::Value &Root) {
  const json::Object *O = Root.getAsObject();
  if (!O)
    malformed("the spec must be a JSON object");
  std::optional<StringRef> Name = O->getString("fused");
  const json::Array *Kernels = O->getArray("kernels");
  if (!Name || !Kernels)
    malformed("the spec needs \"fused\" (a name) and \"kernels\"");
  checkName("\"fused\"", *Name);
  FusedName = Name->str();
  readKernels(*Kernels);
  if (const json::Array *A = getOptionalArray(*O, "identical"))
    readIdentical(*A);
  if (const json::Array *A = getOptionalArray(*O, "promote"))
    readPromotions(*A);
  if (const json::Array *A = getOptionalArray(*O, "constants"))
    readConstants(*A);
  if (const json::Value *V = O->get("no_barriers")) {
    std::optional<bool> NoBarriers = V->getAsBoolean();
    if (!NoBarriers)
      malformed("\"no_barriers\" must be true or false");
    Hints.NoBarriers = *NoBarriers;
  }
}

} // namespace

static void printLaunch(const FusedKernel &Fused) {
  outs() << "fused kernel '" << Fused.Kernel->getName() << "' on "
         << Fused.Range.str() << "\n";
  for (auto [Index, Param] : enumerate(Fused.Params))
    outs() << "  param " << Index << ": kernel " << Param.Kernel << " arg "
           << Param.Arg << "\n";
}

static void writeModule(const Module &M) {
  std::error_code EC;
  ToolOutputFile Out(OutputFilename, EC, sys::fs::OF_None);
  if (EC)
    fail(OutputFilename + ": " + EC.message());
  if (OutputAssembly)
    M.print(Out.os(), nullptr);
  else
    WriteBitcodeToFile(M, Out.os());
  Out.keep();
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  // The tool links the fusion library and the targets' work-item models, not
  // the plugin: it registers them as the plugin entry does.
  asyncpipe::registerAMDGPUWorkItemModel();
  asyncpipe::registerNVPTXWorkItemModel();
  asyncpipe::registerSPIRVWorkItemModel();
  static constexpr StringLiteral DebugTypes[] = {
#define ASYNCPIPE_DEBUG_TYPE(NAME) NAME,
#include "Passes/AsyncPipe/PassRegistry.def"
  };
  asyncpipe::registerDebugTypes(DebugTypes);
  cl::ParseCommandLineOptions(argc, argv,
                              "AsyncPipe kernel fusion from a JSON spec\n");
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseIRFile(InputFilename, Diag, Ctx);
  if (!M) {
    Diag.print(argv[0], errs());
    return 1;
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> SpecText =
      MemoryBuffer::getFileOrSTDIN(SpecFilename);
  if (!SpecText)
    fail(SpecFilename + ": " + SpecText.getError().message());
  StringRef Text = (*SpecText)->getBuffer();
  checkSpecDepth(SpecFilename, Text);
  Expected<json::Value> Root = json::parse(Text);
  if (!Root)
    fail(SpecFilename + ": " + toString(Root.takeError()));
  checkDuplicateKeys(SpecFilename, Text);

  SpecReader Spec(*M, SpecFilename);
  Spec.read(*Root);
  KernelFusionList List;
  List.start();
  for (KernelLaunch &Launch : Spec.Launches)
    List.submit(std::move(Launch));
  KernelFusionList::Outcome Outcome =
      List.complete(*M, Spec.FusedName, Spec.Hints);

  if (!Outcome.Fused) {
    if (!Fallback)
      fail(Outcome.RefusalReason);
    WithColor::warning(errs(), ToolName) << Outcome.RefusalReason << "\n";
    WithColor::note(errs(), ToolName)
        << "running " << Outcome.Individual.size() << " kernels individually:";
    for (const KernelLaunch &Launch : Outcome.Individual)
      errs() << " " << Launch.Kernel << " [" << Launch.Range.str() << "]";
    errs() << "\n";
  } else {
    for (const DroppedPromotion &Drop : Outcome.Fused->DroppedPromotions)
      WithColor::warning(errs(), ToolName)
          << "promotion dropped [" << Drop.Restriction << "]: " << Drop.Detail
          << "; the buffer stays in global memory\n";
    if (PrintLaunch)
      printLaunch(*Outcome.Fused);
  }
  if (verifyModule(*M, &errs()))
    fail("the output module does not verify");
  writeModule(*M);
  return 0;
}
