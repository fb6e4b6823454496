// A producer/consumer LDS ring in three synchronizations, for
// compute-sanitizer's racecheck: does it see the ordering that each one
// gives? Each variant is correct by the PTX memory model, and the program
// checks the result of every one (a sum over every element of every step).
//
//   named_cp_async: the ring of ck's cp.async wave-role kernels. Four
//     producer warps copy a step's tile into slot step % 4 with cp.async,
//     wait for their own copies (cp.async.wait_group 0) and arrive on the
//     slot's FULL named barrier (bar.arrive); four consumer warps wait on it
//     (bar.sync), read the slot and arrive on its EMPTY named barrier, which
//     the producers wait on before they write the slot again.
//   named_store: the same ring with plain shared stores instead of cp.async.
//   mbarrier_cp_async: the ring of CUTLASS-style asynchronous pipelines:
//     FULL and EMPTY are mbarriers; the producers' copies arrive on FULL
//     when they land (cp.async.mbarrier.arrive.noinc), the consumers wait
//     with mbarrier.try_wait.parity and arrive on EMPTY.
//
// Build and run on the GPU machine (bench/racecheck/README.md):
//   nvcc -O2 -gencode=arch=compute_90a,code=sm_90a -o ring ring.cu
//   compute-sanitizer --tool racecheck ./ring VARIANT
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

namespace {

constexpr int kSlots = 4;
constexpr int kSteps = 64;
constexpr int kProducers = 128;
constexpr int kConsumers = 128;
constexpr int kThreads = kProducers + kConsumers;
// One step's tile: 16 bytes per producer thread, 4 copies each.
constexpr int kCopiesPerThread = 4;
constexpr int kWordsPerStep = kProducers * kCopiesPerThread * 4;

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t e = (call);                                                    \
    if (e != cudaSuccess) {                                                    \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,       \
                   cudaGetErrorString(e));                                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

__device__ unsigned smemAddress(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void namedSync(int id) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(kThreads) : "memory");
}
__device__ void namedArrive(int id) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(kThreads) : "memory");
}

__device__ void copyAsync(unsigned dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst),
               "l"(src)
               : "memory");
}

__device__ void mbarInit(unsigned bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar),
               "r"(count)
               : "memory");
}
__device__ void mbarArrive(unsigned bar) {
  asm volatile("{\n .reg .b64 state;\n"
               " mbarrier.arrive.shared::cta.b64 state, [%0];\n}" ::"r"(bar)
               : "memory");
}
__device__ void mbarWait(unsigned bar, unsigned parity) {
  asm volatile("{\n .reg .pred done;\n"
               "wait:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               " @!done bra wait;\n}" ::"r"(bar),
               "r"(parity)
               : "memory");
}

enum Variant { NamedCpAsync, NamedStore, MbarrierCpAsync };

// Named barriers: FULL of slot s is 1 + s, EMPTY is 1 + kSlots + s.
__global__ void ring(const int *__restrict__ src, long long *sum,
                     Variant variant) {
  __shared__ alignas(16) int slots[kSlots][kWordsPerStep];
  __shared__ alignas(8) unsigned long long full[kSlots], empty[kSlots];
  __shared__ long long partial[kConsumers];
  int t = threadIdx.x;
  if (variant == MbarrierCpAsync && t == 0)
    for (int s = 0; s < kSlots; ++s) {
      mbarInit(smemAddress(&full[s]), kProducers);
      mbarInit(smemAddress(&empty[s]), kConsumers);
    }
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  __syncthreads();

  if (t < kProducers) {
    for (int step = 0; step < kSteps; ++step) {
      int s = step % kSlots;
      unsigned round = step / kSlots;
      if (step >= kSlots) {
        if (variant == MbarrierCpAsync)
          mbarWait(smemAddress(&empty[s]), (round - 1) & 1);
        else
          namedSync(1 + kSlots + s);
      }
      for (int c = 0; c < kCopiesPerThread; ++c) {
        int word = (c * kProducers + t) * 4;
        const int *from = src + step * kWordsPerStep + word;
        if (variant == NamedStore)
          *reinterpret_cast<int4 *>(&slots[s][word]) =
              *reinterpret_cast<const int4 *>(from);
        else
          copyAsync(smemAddress(&slots[s][word]), from);
      }
      if (variant == MbarrierCpAsync) {
        asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::
                         "r"(smemAddress(&full[s]))
                     : "memory");
      } else {
        if (variant == NamedCpAsync)
          asm volatile("cp.async.commit_group;\n"
                       "cp.async.wait_group 0;" ::
                           : "memory");
        namedArrive(1 + s);
      }
    }
    // The producers' share of the last kSlots EMPTY phases, which nobody
    // waits for: named barriers must complete before the kernel ends.
    if (variant != MbarrierCpAsync)
      for (int step = kSteps; step < kSteps + kSlots; ++step)
        namedSync(1 + kSlots + step % kSlots);
  } else {
    int c = t - kProducers;
    long long acc = 0;
    for (int step = 0; step < kSteps; ++step) {
      int s = step % kSlots;
      unsigned round = step / kSlots;
      if (variant == MbarrierCpAsync)
        mbarWait(smemAddress(&full[s]), round & 1);
      else
        namedSync(1 + s);
      for (int w = c; w < kWordsPerStep; w += kConsumers)
        acc += slots[s][w] * (step + 1);
      if (variant == MbarrierCpAsync)
        mbarArrive(smemAddress(&empty[s]));
      else
        namedArrive(1 + kSlots + s);
    }
    partial[c] = acc;
  }
  __syncthreads();
  if (t == 0) {
    long long total = 0;
    for (int c = 0; c < kConsumers; ++c)
      total += partial[c];
    *sum = total;
  }
}

} // namespace

int main(int argc, char **argv) {
  const char *names[] = {"named_cp_async", "named_store", "mbarrier_cp_async"};
  int variant = -1;
  for (int v = 0; v < 3; ++v)
    if (argc == 2 && std::strcmp(argv[1], names[v]) == 0)
      variant = v;
  if (variant < 0) {
    std::fprintf(stderr, "usage: %s named_cp_async|named_store|"
                         "mbarrier_cp_async\n", argv[0]);
    return 2;
  }
  const int words = kSteps * kWordsPerStep;
  int *host = new int[words];
  srand(12345 + variant);
  long long expected = 0;
  for (int i = 0; i < words; ++i) {
    host[i] = rand() % 2001 - 1000;
    expected += static_cast<long long>(host[i]) * (i / kWordsPerStep + 1);
  }
  int *src = nullptr;
  long long *sum = nullptr;
  CHECK(cudaMalloc(&src, words * sizeof(int)));
  CHECK(cudaMalloc(&sum, sizeof(long long)));
  CHECK(cudaMemcpy(src, host, words * sizeof(int), cudaMemcpyHostToDevice));
  int failures = 0;
  for (int run = 0; run < 20; ++run) {
    CHECK(cudaMemset(sum, 0xff, sizeof(long long)));
    ring<<<1, kThreads>>>(src, sum, static_cast<Variant>(variant));
    CHECK(cudaGetLastError());
    long long got = 0;
    CHECK(cudaMemcpy(&got, sum, sizeof got, cudaMemcpyDeviceToHost));
    failures += got != expected;
  }
  std::printf("%s: %s (%d of 20 runs wrong)\n", names[variant],
              failures ? "FAIL" : "PASS", failures);
  delete[] host;
  CHECK(cudaFree(src));
  CHECK(cudaFree(sum));
  return failures ? 1 : 0;
}
