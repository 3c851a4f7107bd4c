// Copied from shared/research/peers-bench/c/ (the measurements in research/perf-anchors.md); bench/lib/machine.mjs builds and runs it.
// STREAM-style memory bandwidth, fp32, arrays far larger than L3 (32 MiB).
// Bytes counted as STREAM does (reads + writes, write-allocate traffic NOT counted).
// Build: gcc -O3 -march=native -fopenmp stream.c -o stream ; run: OMP_NUM_THREADS=1|2 ./stream
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec+t.tv_nsec*1e-9;}
#define N (64L*1024*1024)   /* 64M floats = 256 MiB per array */
static int cmpd(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
int main(void){
  float *a=aligned_alloc(64,N*4),*b=aligned_alloc(64,N*4),*c=aligned_alloc(64,N*4);
  #pragma omp parallel for
  for(long i=0;i<N;i++){a[i]=1.0f;b[i]=2.0f;c[i]=0.0f;}
  const float s=3.0f; enum{R=15};
  double t[4][R];
  for(int r=0;r<R;r++){
    double t0=now();
    #pragma omp parallel
    { int nt=omp_get_num_threads(), id=omp_get_thread_num(); long ch=N/nt; memcpy(c+id*ch,a+id*ch,ch*4);}  // memcpy per thread chunk
    t[0][r]=now()-t0; t0=now();
    #pragma omp parallel for simd
    for(long i=0;i<N;i++) c[i]=a[i];
    t[1][r]=now()-t0; t0=now();
    #pragma omp parallel for simd
    for(long i=0;i<N;i++) a[i]=b[i]+s*c[i];
    t[2][r]=now()-t0; t0=now();
    double sum=0;
    #pragma omp parallel for simd reduction(+:sum)
    for(long i=0;i<N;i++) sum+=a[i];
    t[3][r]=now()-t0;
    if(sum==-1) printf("x");
  }
  const char*names[4]={"memcpy","copy-loop","triad","sum(read)"}; double bytes[4]={2.0*N*4,2.0*N*4,3.0*N*4,1.0*N*4};
  for(int k=0;k<4;k++){ qsort(t[k],R,sizeof(double),cmpd); double med=t[k][R/2];
    printf("%-10s threads=%d median %8.3f ms  min %8.3f ms  %6.1f GB/s (at min %.1f)\n",names[k],omp_get_max_threads(),med*1e3,t[k][0]*1e3,bytes[k]/med/1e9,bytes[k]/t[k][0]/1e9);}
  return 0;
}
