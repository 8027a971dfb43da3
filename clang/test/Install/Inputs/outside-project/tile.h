/* Included by kernel.cl: editing it must rebuild the kernel. */
#define TILE_SCALE 3
