; A hand-written gfx942 loop for bench/latency_model/simulate.py: one LDS DMA
; per iteration, consumed one iteration later (vmcnt(1)), then a barrier.
	.text
tiles:
	s_mov_b32 s0, 0
	global_load_lds_dword v[0:1], off
.LBB0_1:                                ; =>This Inner Loop Header: Depth=1
	global_load_lds_dword v[0:1], off
	s_waitcnt vmcnt(1)
	s_barrier
	ds_read_b32 v2, v3
	s_waitcnt lgkmcnt(0)
	v_add_f32_e32 v4, v4, v2
	s_cbranch_scc0 .LBB0_1
; The drain after the loop is not part of it.
	s_waitcnt vmcnt(0)
	ds_read_b32 v2, v3
	global_load_lds_dword v[0:1], off
	s_endpgm
