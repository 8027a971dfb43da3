//===- AsyncFunctionTest.h - A gtest fixture that parses async IR ---------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The mark-analysis unit tests write their functions as IR text that calls
// the async spellings; this fixture declares those spellings once and parses
// a function @f after them.
//
//===----------------------------------------------------------------------===//

#ifndef ASYNCPIPE_UNITTESTS_ANALYSIS_ASYNCPIPE_ASYNCFUNCTIONTEST_H
#define ASYNCPIPE_UNITTESTS_ANALYSIS_ASYNCPIPE_ASYNCFUNCTIONTEST_H

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "gtest/gtest.h"

namespace llvm::asyncpipe {

class AsyncFunctionTest : public testing::Test {
protected:
  /// Parses \p Body after the declarations of the async spellings and
  /// returns its function @f (a parse error fails the test).
  Function &parse(StringRef Body) {
    SMDiagnostic Err;
    M = parseAssemblyString((Twine(Declarations) + Body).str(), Err, Ctx);
    if (!M)
      Err.print(testing::UnitTest::GetInstance()->current_test_info()->name(),
                errs());
    EXPECT_TRUE(M);
    return *M->getFunction("f");
  }

  LLVMContext Ctx;
  std::unique_ptr<Module> M;

private:
  static constexpr const char *Declarations = R"(
declare void @asyncpipe.copy(ptr, ptr, i32, i32)
declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
declare i32 @asyncpipe.mark.future()
declare i32 @asyncpipe.future.any()
declare void @asyncpipe.wait.future(i32)
declare void @llvm.nvvm.cp.async.commit.group()
declare void @llvm.nvvm.cp.async.wait.group(i32)
declare void @llvm.nvvm.cp.async.wait.all()
declare void @external()
)";
};

} // namespace llvm::asyncpipe

#endif // ASYNCPIPE_UNITTESTS_ANALYSIS_ASYNCPIPE_ASYNCFUNCTIONTEST_H
