// Copied from shared/research/peers-bench/c/ (the measurements in research/perf-anchors.md); bench/lib/machine.mjs builds and runs it.
// Peak fp32 FMA throughput: many independent FMA chains in registers, no memory traffic.
// Build: gcc -O3 -march=native -fopenmp peak.c -o peak ; run: OMP_NUM_THREADS=1 ./peak ; OMP_NUM_THREADS=2 ./peak
#include <immintrin.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
#define NACC 16
#define ITERS 50000000L

#define KERNEL(NAME, VT, SET1, FMA, ADD, LANES, STORE)                          \
static double NAME(long iters, float seed){                                   \
  double flops=0;                                                              \
  _Pragma("omp parallel reduction(+:flops)")                                   \
  {                                                                            \
    VT acc[NACC]; VT a=SET1(0.999999f*seed), b=SET1(1e-7f);                    \
    for(int i=0;i<NACC;i++) acc[i]=SET1((float)i*seed);                        \
    for(long it=0;it<iters;it++){                                              \
      _Pragma("GCC unroll 16")                                                 \
      for(int i=0;i<NACC;i++) acc[i]=FMA(acc[i],a,b);                          \
    }                                                                          \
    VT s=acc[0]; for(int i=1;i<NACC;i++) s=ADD(s,acc[i]);                      \
    float o[LANES]; STORE(o,s); if(o[0]==123.456f) printf("x");                \
    flops += (double)iters*NACC*LANES*2;                                       \
  }                                                                            \
  return flops;                                                                \
}
KERNEL(k128, __m128, _mm_set1_ps, _mm_fmadd_ps, _mm_add_ps, 4, _mm_storeu_ps)
KERNEL(k256, __m256, _mm256_set1_ps, _mm256_fmadd_ps, _mm256_add_ps, 8, _mm256_storeu_ps)
#ifdef __AVX512F__
KERNEL(k512, __m512, _mm512_set1_ps, _mm512_fmadd_ps, _mm512_add_ps, 16, _mm512_storeu_ps)
#endif

static void run(const char*name, double(*f)(long,float)){
  f(ITERS/50, 1.0f); // warm-up
  double best=0;
  for(int r=0;r<5;r++){double t0=now(); double fl=f(ITERS,1.0f); double t=now()-t0; double g=fl/t/1e9; if(g>best)best=g;}
  printf("%-8s threads=%d  peak %.1f GFLOP/s (best of 5)\n", name, omp_get_max_threads(), best);
}
int main(void){
  run("fma128", k128);
  run("fma256", k256);
#ifdef __AVX512F__
  run("fma512", k512);
#endif
  return 0;
}
