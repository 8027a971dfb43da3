//===- AsyncDebug.cpp - Debug traces and statistics of AsyncPipe ----------===//
//
// Part of the AsyncPipe project.
//
//===----------------------------------------------------------------------===//
//
// The options behind ASYNCPIPE_DEBUG and ASYNCPIPE_STATISTIC. It is compiled
// into every binary that runs AsyncPipe passes (the plugin, asyncpipe-fuse,
// the unit tests), through the kernel-fusion object library they all link.
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/AsyncPipe/AsyncDebug.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ManagedStatic.h"
#include <algorithm>
#include <cstring>
#include <mutex>
#include <vector>

using namespace llvm;

namespace {

/// The debug types -asyncpipe-debug accepts (registerDebugTypes).
std::vector<StringRef> &getKnownDebugTypes() {
  static std::vector<StringRef> Types;
  return Types;
}

std::string describeKnownDebugTypes() {
  std::string Known = "all";
  for (StringRef Type : getKnownDebugTypes())
    Known += (", " + Type).str();
  return Known;
}

struct DebugTypeParser : public cl::parser<std::string> {
  using cl::parser<std::string>::parser;
  bool parse(cl::Option &O, StringRef, StringRef Arg, std::string &Value) {
    if (Arg != "all" && !is_contained(getKnownDebugTypes(), Arg))
      return O.error("unknown AsyncPipe debug type '" + Arg +
                     "'; known: " + describeKnownDebugTypes());
    Value = Arg.str();
    return false;
  }
};

cl::list<std::string, bool, DebugTypeParser> DebugTypes(
    "asyncpipe-debug", cl::CommaSeparated, cl::value_desc("pass"),
    cl::desc("Print the debug traces of the named AsyncPipe passes (their "
             "DEBUG_TYPE, or 'all') to the debug stream, in any LLVM build"));

cl::opt<bool> PrintStats(
    "asyncpipe-stats", cl::init(false),
    cl::desc("Print AsyncPipe's statistics in LLVM's -stats format when the "
             "tool exits, in any LLVM build"));

/// The statistics incremented so far. It is a ManagedStatic so that the
/// report is printed by llvm_shutdown(), which the stock tools run on their
/// way out, while the output streams still exist.
class StatisticRegistry {
public:
  void add(asyncpipe::Statistic *S) {
    std::lock_guard<std::mutex> Lock(Mutex);
    Stats.push_back(S);
  }
  ~StatisticRegistry() { printIfRequested(errs()); }

  void printIfRequested(raw_ostream &OS) {
    if (PrintStats || AreStatisticsEnabled())
      print(OS);
  }

private:
  void print(raw_ostream &OS);

  std::mutex Mutex;
  std::vector<asyncpipe::Statistic *> Stats;
};

// The layout of LLVM's -stats report: a banner, then one line per statistic
// with right-aligned values and left-aligned debug types, ordered by debug
// type, name and description.
void StatisticRegistry::print(raw_ostream &OS) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Stats.empty())
    return;
  llvm::sort(Stats,
             [](const asyncpipe::Statistic *L, const asyncpipe::Statistic *R) {
               if (int C = std::strcmp(L->DebugType, R->DebugType))
                 return C < 0;
               if (int C = std::strcmp(L->Name, R->Name))
                 return C < 0;
               return std::strcmp(L->Desc, R->Desc) < 0;
             });
  size_t ValueWidth = 0, TypeWidth = 0;
  for (const asyncpipe::Statistic *S : Stats) {
    ValueWidth = std::max(ValueWidth, std::to_string(S->getValue()).size());
    TypeWidth = std::max(TypeWidth, std::strlen(S->DebugType));
  }
  OS << "===" << std::string(73, '-') << "===\n"
     << "                          ... Statistics Collected ...\n"
     << "===" << std::string(73, '-') << "===\n\n";
  for (const asyncpipe::Statistic *S : Stats)
    OS << right_justify(std::to_string(S->getValue()), ValueWidth) << ' '
       << left_justify(S->DebugType, TypeWidth) << " - " << S->Desc << '\n';
  OS << '\n';
  OS.flush();
}

ManagedStatic<StatisticRegistry> Registry;

/// A tool that stops at an error calls exit() without llvm_shutdown(), and
/// the registry is never destroyed: report from this static destructor then,
/// on a stream of its own, as the tool's streams may be gone.
struct ReportAtExit {
  ~ReportAtExit() {
    if (!Registry.isConstructed())
      return;
    raw_fd_ostream Stderr(2, /*shouldClose=*/false);
    Registry->printIfRequested(Stderr);
  }
} ExitReporter;

} // namespace

void llvm::asyncpipe::registerDebugTypes(ArrayRef<StringLiteral> Types) {
  for (StringRef Type : Types)
    if (!is_contained(getKnownDebugTypes(), Type))
      getKnownDebugTypes().push_back(Type);
}

bool llvm::asyncpipe::isDebugEnabled(const char *DebugType) {
#ifndef NDEBUG
  if (DebugFlag && isCurrentDebugType(DebugType))
    return true;
#endif
  if (DebugTypes.empty())
    return false;
  return any_of(DebugTypes, [&](const std::string &Type) {
    return Type == "all" || Type == DebugType;
  });
}

void asyncpipe::Statistic::registerStatistic() {
  // Two threads may race here: the second finds Registered set and adds
  // nothing.
  static std::mutex RegisterMutex;
  std::lock_guard<std::mutex> Lock(RegisterMutex);
  if (Registered.load(std::memory_order_relaxed))
    return;
  Registry->add(this);
  Registered.store(true, std::memory_order_release);
}
