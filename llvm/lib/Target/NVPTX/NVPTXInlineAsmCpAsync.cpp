//===- NVPTXInlineAsmCpAsync.cpp - cp.async written as inline PTX ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// Recognizes the cp.async statements that CUDA's headers (and users) write as
// inline PTX, from the statement's text and its constraints rather than from
// one header's exact spelling:
//
//   cp.async.{ca,cg}.shared{::cta}.global{.L2::64B,.L2::128B,.L2::256B}
//       {.L2::cache_hint} [dst], [src], cp-size{, src-size}{, cache-policy}
//   cp.async.commit_group
//   cp.async.wait_group N
//   cp.async.wait_all
//
// Operands are $N references to the asm's operands (or integer literals where
// PTX takes an immediate). Anything else that mentions cp.async (the bulk
// and mbarrier forms, several statements in one asm, a malformed statement)
// is opaque: it changes the group counter in a way not modelled.
//
//===----------------------------------------------------------------------===//

#include "NVPTXAsync.h"
#include "NVPTXInlineAsm.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Analysis/AsyncPipe/AsyncOps.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using namespace llvm::asyncpipe;

// Off by default: the passes that bind waits to marks and remove marks and
// waits still apply the per-activation rules to every op AsyncOp::get()
// returns, and cp.async in inline PTX has hardware semantics (a wait in a
// callee with no commit of its own still waits for its caller's groups).
static cl::opt<bool> RecognizeInlineAsm(
    "asyncpipe-nvptx-inline-asm", cl::init(true), cl::Hidden,
    cl::desc("Make cp.async written as inline PTX visible to the AsyncPipe "
             "passes as native NVPTX operations"));

namespace {
using Parsed = NVPTXInlineAsmAsyncOp;
using Kind = NVPTXInlineAsmAsyncOp::Kind;

/// One operand of a PTX statement: a reference to an asm operand ($N or
/// ${N}), or an integer literal; in brackets for an address.
struct StatementOperand {
  std::optional<unsigned> AsmIndex;
  std::optional<uint64_t> Literal;
  bool Bracketed = false;
};

std::optional<StatementOperand> parseOperand(StringRef Text) {
  StatementOperand Op;
  Text = Text.trim();
  if (Text.consume_front("[")) {
    if (!Text.consume_back("]"))
      return std::nullopt;
    Op.Bracketed = true;
    Text = Text.trim();
  }
  if (Text.consume_front("$")) {
    // ${N} or ${N:modifier}; an address with an offset is not modelled.
    bool Braced = Text.consume_front("{");
    StringRef Digits = Text.take_while([](char C) { return isDigit(C); });
    Text = Text.drop_front(Digits.size());
    if (Braced) {
      size_t Close = Text.find('}');
      if (Close == StringRef::npos || (Close && Text.front() != ':'))
        return std::nullopt;
      Text = Text.drop_front(Close + 1);
    }
    unsigned Index;
    if (Digits.empty() || Digits.getAsInteger(10, Index) || !Text.empty())
      return std::nullopt;
    Op.AsmIndex = Index;
    return Op;
  }
  uint64_t Value;
  if (Text.empty() || Text.getAsInteger(10, Value))
    return std::nullopt;
  Op.Literal = Value;
  return Op;
}

/// For each asm operand number, the call argument that carries it, or -1
/// (a direct output).
SmallVector<int, 8> mapAsmOperands(const InlineAsm &IA) {
  SmallVector<int, 8> ArgOf;
  int Arg = 0;
  for (const InlineAsm::ConstraintInfo &C : IA.ParseConstraints()) {
    if (C.Type == InlineAsm::isClobber || C.Type == InlineAsm::isLabel)
      continue;
    if (C.Type == InlineAsm::isOutput && !C.isIndirect)
      ArgOf.push_back(-1);
    else
      ArgOf.push_back(Arg++);
  }
  return ArgOf;
}

/// The PTX statements of an asm string: split at ';' and line ends, with
/// comments and blank statements dropped.
SmallVector<StringRef, 4> splitStatements(StringRef Asm) {
  SmallVector<StringRef, 4> Statements;
  SmallVector<StringRef, 8> Lines;
  Asm.split(Lines, '\n');
  for (StringRef Line : Lines) {
    Line = Line.take_until([](char C) { return C == '\r'; });
    size_t Comment = Line.find("//");
    if (Comment != StringRef::npos)
      Line = Line.take_front(Comment);
    SmallVector<StringRef, 4> Parts;
    Line.split(Parts, ';');
    for (StringRef Part : Parts)
      if (!Part.trim().empty())
        Statements.push_back(Part.trim());
  }
  return Statements;
}

class StatementParser {
public:
  StatementParser(const CallBase &Call, const InlineAsm &IA)
      : Call(Call), ArgOf(mapAsmOperands(IA)) {}

  Parsed parse(StringRef Statement);

private:
  /// The call argument an operand refers to, or -1.
  int argumentOf(const StatementOperand &Op) const {
    if (!Op.AsmIndex || *Op.AsmIndex >= ArgOf.size())
      return -1;
    int Arg = ArgOf[*Op.AsmIndex];
    return Arg >= 0 && unsigned(Arg) < Call.arg_size() ? Arg : -1;
  }
  /// An integer operand's value when it is a literal or a constant argument.
  std::optional<uint64_t> constantOf(const StatementOperand &Op) const {
    if (Op.Literal)
      return Op.Literal;
    int Arg = argumentOf(Op);
    if (Arg < 0)
      return std::nullopt;
    if (auto *C = dyn_cast<ConstantInt>(Call.getArgOperand(Arg)))
      if (C->getValue().getActiveBits() <= 32)
        return C->getZExtValue();
    return std::nullopt;
  }
  bool isIntegerArg(int Arg) const {
    return Arg >= 0 && Call.getArgOperand(Arg)->getType()->isIntegerTy();
  }
  int pointerArg(const StatementOperand &Op) const {
    int Arg = argumentOf(Op);
    return Arg >= 0 && Call.getArgOperand(Arg)->getType()->isPointerTy() ? Arg
                                                                         : -1;
  }
  Parsed parseCopy(StringRef Qualifiers, ArrayRef<StatementOperand> Operands);

  const CallBase &Call;
  SmallVector<int, 8> ArgOf;
};

Parsed opaque() {
  Parsed P;
  P.K = Kind::Opaque;
  return P;
}

Parsed StatementParser::parse(StringRef Statement) {
  StringRef Opcode = Statement.take_until([](char C) { return isSpace(C); });
  StringRef Rest = Statement.drop_front(Opcode.size()).trim();
  SmallVector<StatementOperand, 5> Operands;
  if (!Rest.empty()) {
    SmallVector<StringRef, 5> Texts;
    Rest.split(Texts, ',');
    for (StringRef Text : Texts) {
      std::optional<StatementOperand> Op = parseOperand(Text);
      if (!Op)
        return opaque();
      Operands.push_back(*Op);
    }
  }
  if (!Opcode.consume_front("cp.async."))
    return opaque();

  Parsed P;
  if (Opcode == "commit_group") {
    if (!Operands.empty())
      return opaque();
    P.K = Kind::Commit;
    return P;
  }
  if (Opcode == "wait_all") {
    if (!Operands.empty())
      return opaque();
    P.K = Kind::WaitAll;
    return P;
  }
  if (Opcode == "wait_group") {
    // PTX takes an immediate: a literal, or an "n" operand.
    if (Operands.size() != 1 || Operands[0].Bracketed)
      return opaque();
    P.K = Kind::WaitGroup;
    if (Operands[0].Literal) {
      if (*Operands[0].Literal > UINT32_MAX)
        return opaque();
      P.LiteralCount = static_cast<uint32_t>(*Operands[0].Literal);
      return P;
    }
    P.CountArg = static_cast<int8_t>(argumentOf(Operands[0]));
    if (!isIntegerArg(P.CountArg))
      return opaque();
    return P;
  }
  return parseCopy(Opcode, Operands);
}

Parsed StatementParser::parseCopy(StringRef Qualifiers,
                                  ArrayRef<StatementOperand> Operands) {
  SmallVector<StringRef, 6> Parts;
  Qualifiers.split(Parts, '.');
  // {ca,cg} . shared{::cta} . global {. L2::...}*
  if (Parts.size() < 3 || (Parts[0] != "ca" && Parts[0] != "cg") ||
      (Parts[1] != "shared" && Parts[1] != "shared::cta") ||
      Parts[2] != "global")
    return opaque();
  bool CacheHint = false;
  for (StringRef Part : ArrayRef<StringRef>(Parts).drop_front(3)) {
    if (Part == "L2::cache_hint")
      CacheHint = true;
    else if (Part != "L2::64B" && Part != "L2::128B" && Part != "L2::256B")
      return opaque();
  }
  // [dst], [src], cp-size {, src-size} {, cache-policy}
  size_t Fixed = 3 + CacheHint;
  if (Operands.size() != Fixed && Operands.size() != Fixed + 1)
    return opaque();
  if (!Operands[0].Bracketed || !Operands[1].Bracketed ||
      !Operands[0].AsmIndex || !Operands[1].AsmIndex || Operands[2].Bracketed)
    return opaque();
  std::optional<uint64_t> Bytes = constantOf(Operands[2]);
  if (!Bytes || (*Bytes != 4 && *Bytes != 8 && *Bytes != 16))
    return opaque();
  bool BypassL1 = Parts[0] == "cg";
  if (BypassL1 && *Bytes != 16)
    return opaque();

  Parsed P;
  P.K = Kind::Copy;
  P.Bytes = static_cast<uint8_t>(*Bytes);
  P.BypassL1 = BypassL1;
  P.SharedArg = static_cast<int8_t>(pointerArg(Operands[0]));
  P.GlobalArg = static_cast<int8_t>(pointerArg(Operands[1]));
  P.SizeArg = static_cast<int8_t>(argumentOf(Operands[2]));
  if (argumentOf(Operands[0]) < 0 || argumentOf(Operands[1]) < 0)
    return opaque();
  if (Operands.size() == Fixed + 1) {
    const StatementOperand &SourceSize = Operands[3];
    if (SourceSize.Bracketed)
      return opaque();
    if (std::optional<uint64_t> N = constantOf(SourceSize)) {
      if (*N > *Bytes) {
        Parsed Past = opaque();
        Past.Bytes = P.Bytes;
        Past.SourceSizePastCopy = *N;
        return Past;
      }
      // A constant source size equal to the copy size reads everything: a
      // plain copy. A smaller one zero-fills, which the model counts alike.
      if (*N < *Bytes && !SourceSize.Literal)
        P.SourceSizeArg = static_cast<int8_t>(argumentOf(SourceSize));
    } else {
      P.SourceSizeArg = static_cast<int8_t>(argumentOf(SourceSize));
      if (!isIntegerArg(P.SourceSizeArg))
        return opaque();
    }
  }
  return P;
}
} // namespace

NVPTXInlineAsmAsyncOp
asyncpipe::parseNVPTXInlineAsmAsyncOp(const CallBase &Call) {
  const auto *IA = dyn_cast<InlineAsm>(Call.getCalledOperand());
  if (!IA || !StringRef(IA->getAsmString()).contains("cp.async"))
    return Parsed();
  SmallVector<StringRef, 4> Statements = splitStatements(IA->getAsmString());
  // One statement per asm, as the headers write them; more than one could
  // commit or wait in an order this does not follow.
  if (Statements.size() != 1)
    return opaque();
  // Operand positions are kept in int8_t.
  if (Call.arg_size() > 127)
    return opaque();
  return StatementParser(Call, *IA).parse(Statements.front());
}

AsyncOp asyncpipe::getNVPTXInlineAsmOp(const CallBase &Call) {
  if (!RecognizeInlineAsm)
    return AsyncOp();
  Parsed P = parseNVPTXInlineAsmAsyncOp(Call);
  auto *C = const_cast<CallBase *>(&Call);
  const AsyncOpForm Form = AsyncOpForm::NVPTXInlineAsm;
  switch (P.K) {
  case Kind::Copy: {
    AsyncOp Op(AsyncOpKind::Copy, Form, C, P.SharedArg, P.GlobalArg, P.SizeArg,
               -1);
    Op.SizeInName = P.Bytes;
    Op.SourceSizeArg = P.SourceSizeArg;
    return Op;
  }
  case Kind::Commit:
    return AsyncOp(AsyncOpKind::Mark, Form, C, -1, -1, -1, -1);
  case Kind::WaitGroup: {
    AsyncOp Op(AsyncOpKind::Wait, Form, C, -1, -1, -1, P.CountArg);
    if (P.LiteralCount)
      Op.CountInText = static_cast<int64_t>(*P.LiteralCount);
    return Op;
  }
  case Kind::WaitAll:
    return AsyncOp(AsyncOpKind::Wait, Form, C, -1, -1, -1, -1);
  case Kind::None:
  case Kind::Opaque:
    break;
  }
  return AsyncOp();
}

static bool touchesCpAsyncState(const CallBase &Call) {
  return parseNVPTXInlineAsmAsyncOp(Call).K != Kind::None;
}

void asyncpipe::registerNVPTXInlineAsmRecognizer() {
  registerAsyncInlineAsmRecognizer({getNVPTXInlineAsmOp, touchesCpAsyncState});
}
