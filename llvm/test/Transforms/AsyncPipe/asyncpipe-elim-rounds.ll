; asyncpipe-elim removes redundant waits and unobserved marks in rounds, each
; on a fresh solve of the mark analysis. Removing a mark lowers the bounds
; and may make another wait redundant, so a round that removes a mark is
; followed by another; removing a redundant wait changes no bound, and the
; same round's observers are solved on the waits it keeps, so a round that
; removes only waits is the last (a second one would find nothing: a solve
; of the counts and one of the observers for nothing, on every function
; whose redundant waits inlining left).
; RUN: %opt -passes='function(asyncpipe-elim)' -asyncpipe-mark-analysis-stats \
; RUN:   -S %s -o - 2>%t.stats | FileCheck %s
; RUN: FileCheck %s --check-prefix=STATS < %t.stats

; Two marks, then wait(1) (needed: it completes the first), wait(1) again
; (redundant) and wait(0) (needed: it completes the second): one round.
; CHECK-LABEL: define void @waits_only(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 1)
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    ret void
; STATS:      mark analysis: counts of 'waits_only'
; STATS-NEXT: mark analysis: observers of 'waits_only'
; STATS-NEXT: mark analysis: counts of 'unobserved_last'
define void @waits_only() {
  call void @asyncpipe.mark()
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.wait(i32 1)
  call void @asyncpipe.wait(i32 0)
  ret void
}

; The last mark: no wait observes it (the function returns), and it goes in
; the first round. A round that removes a mark is followed by another, which
; here finds nothing to remove and is the last.
; CHECK-LABEL: define void @unobserved_last(
; CHECK-NEXT:    call void @asyncpipe.mark()
; CHECK-NEXT:    call void @asyncpipe.wait(i32 0)
; CHECK-NEXT:    ret void
; STATS-NEXT: mark analysis: observers of 'unobserved_last'
; STATS-NEXT: mark analysis: counts of 'unobserved_last'
; STATS-NEXT: mark analysis: observers of 'unobserved_last'
; STATS-NOT:  mark analysis
define void @unobserved_last() {
  call void @asyncpipe.mark()
  call void @asyncpipe.wait(i32 0)
  call void @asyncpipe.mark()
  ret void
}

declare void @asyncpipe.mark()
declare void @asyncpipe.wait(i32)
