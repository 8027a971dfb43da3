//===- HostRuntime.cpp - The ABI of the AsyncPipe host runtime ------------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//

#include "llvm/Transforms/Utils/AsyncPipe/HostRuntime.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;
using namespace llvm::asyncpipe;
using namespace llvm::asyncpipe::hostrt;

static constexpr StringLiteral StringPrefix = "__asyncpipe_str";

SiteTable::SiteTable(Module &M) : M(M) {
  for (GlobalVariable &GV : M.globals()) {
    if (!GV.getName().starts_with(StringPrefix) || !GV.hasInitializer())
      continue;
    if (auto *Data = dyn_cast<ConstantDataArray>(GV.getInitializer());
        Data && Data->isCString())
      Strings.try_emplace(Data->getAsCString(), &GV);
  }
}

Constant *SiteTable::getString(StringRef S) {
  Constant *&Entry = Strings[S];
  if (!Entry) {
    Constant *Init = ConstantDataArray::getString(M.getContext(), S);
    auto *GV =
        new GlobalVariable(M, Init->getType(), /*isConstant=*/true,
                           GlobalValue::PrivateLinkage, Init, StringPrefix);
    GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    GV->setAlignment(Align(1));
    Entry = GV;
  }
  return Entry;
}

Constant *SiteTable::get(const DebugLoc &DL, const Function &F) {
  Constant *&Entry = Sites[{DL.getAsMDNode(), &F}];
  if (Entry)
    return Entry;
  LLVMContext &Ctx = M.getContext();
  if (!SiteTy) {
    auto *Ptr = PointerType::getUnqual(Ctx);
    auto *I32 = Type::getInt32Ty(Ctx);
    SiteTy = StructType::get(Ctx, {Ptr, Ptr, I32, I32});
  }
  // The function the code was written in, which differs from F once inlined.
  StringRef FunctionName = F.getName();
  StringRef File;
  unsigned Line = 0, Column = 0;
  if (const DILocation *Loc = DL.get()) {
    if (const DISubprogram *SP = Loc->getScope()->getSubprogram())
      FunctionName = SP->getName();
    File = Loc->getFilename();
    Line = Loc->getLine();
    Column = Loc->getColumn();
  }
  auto *Ptr = PointerType::getUnqual(Ctx);
  Constant *FileName =
      File.empty() ? ConstantPointerNull::get(Ptr) : getString(File);
  Constant *Init = ConstantStruct::get(
      SiteTy, {FileName, getString(FunctionName),
               ConstantInt::get(Type::getInt32Ty(Ctx), Line),
               ConstantInt::get(Type::getInt32Ty(Ctx), Column)});
  auto *GV = new GlobalVariable(M, SiteTy, /*isConstant=*/true,
                                GlobalValue::PrivateLinkage, Init,
                                "__asyncpipe_rt_site");
  GV->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
  Entry = GV;
  return Entry;
}
