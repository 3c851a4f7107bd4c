#!/usr/bin/env bash
# The WebGPU checks and benchmarks on a machine with an NVIDIA GPU and no network (how bench/RESULTS.md's
# "WebGPU on an NVIDIA H100" section was made). Dawn reaches the GPU through NVIDIA's Vulkan driver. What the
# machine lacks travels with the working tree, made on a machine with npm (see bench/RESULTS.md):
#   .gl/   Debian's libvulkan1 (the Vulkan loader), as .deb files
#   .gpu/  node.xz (this Node binary) and rt.tar.xz (node_modules without the TypeScript compilers, and the
#          tfjs packages of bench/node_modules that the tfjs-webgpu column loads)
#   dist/, dist-examples/  the built library and examples
# Made here with (after npm ci, (cd bench && npm ci), node scripts/build.mjs, npm run build:examples):
#   (cd .gl && apt-get download libvulkan1)
#   xz -T2 -6 -c "$(command -v node)" > .gpu/node.xz
#   tar -cJf .gpu/rt.tar.xz --exclude='*.map' --exclude=node_modules/{typescript,typescript7,@typescript,@tsd,tsd,playwright-core} \
#     --exclude='node_modules/webgpu/dist/'{darwin-universal,linux-arm64,'win32-*'} node_modules \
#     bench/node_modules/{@tensorflow/tfjs,@tensorflow/tfjs-{core,backend-webgpu,backend-cpu,backend-webgl,layers,converter,data}} \
#     bench/node_modules/{seedrandom,long,node-fetch,whatwg-url,tr46,webidl-conversions,argparse,core-js,regenerator-runtime}
# (about 47 MiB in all, under the 64 MiB a working tree may carry to such a machine).
# Writes its logs and the benchmark tables to $OUT (default /tmp/nt-gpu). GPU_TESTS_ONLY=1 stops after the tests.
set -u
OUT="${OUT:-/tmp/nt-gpu}"
mkdir -p "$OUT"
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1

if ! ldconfig -p | grep -q libvulkan.so.1; then
  for f in .gl/*.deb; do dpkg -x "$f" /; done
  ldconfig
fi
icd=$(ls /usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json /usr/share/vulkan/icd.d/nvidia_icd.json /etc/vulkan/icd.d/nvidia_icd.json 2>/dev/null | head -1)
if [[ -n "$icd" ]]; then export VK_DRIVER_FILES="$icd" VK_ICD_FILENAMES="$icd"; fi
command -v node >/dev/null || { xz -dc .gpu/node.xz >/usr/local/bin/node && chmod +x /usr/local/bin/node; }
[[ -d node_modules/webgpu ]] || tar -xJf .gpu/rt.tar.xz
node --version
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 | tee "$OUT/gpu.txt"

# The adapter Dawn picks, and its limits (the planner splits kernels by maxStorageBuffersPerShaderStage).
node --input-type=module -e '
  const { create } = await import("webgpu");
  const gpu = create([]);
  const a = await gpu.requestAdapter({ powerPreference: "high-performance" });
  const i = a.info;
  console.log(`adapter: ${i.vendor} ${i.architecture} ${i.device} ${i.description} (${i.backendType ?? ""})`);
  console.log(`features: ${[...a.features].sort().join(" ")}`);
  const l = a.limits;
  console.log(`limits: storage buffers ${l.maxStorageBuffersPerShaderStage}, invocations ${l.maxComputeInvocationsPerWorkgroup}, workgroup storage ${l.maxComputeWorkgroupStorageSize}, max buffer ${l.maxBufferSize}`);
  process.exit(0);
' 2>&1 | grep -v "artificially reduced" | tee "$OUT/adapter.txt"

step() { local name=$1; shift; echo "== $name"; local t0=$SECONDS; "$@"; echo "== $name: exit $? after $((SECONDS - t0)) s"; }

# 1. Every device op suite on the GPU, against the float64 reference on fresh random inputs (not the examples
#    suite: it type-checks with the TypeScript compilers, which do not travel).
step "op suites on webgpu" env NT_DEVICES=webgpu WEBGPU_REQUIRED=1 timeout "${GPU_TEST_S:-200}" \
  node node_modules/vitest/vitest.mjs run test/device --exclude test/device/examples.test.ts \
  >"$OUT/tests.log" 2>&1
grep -E "Test Files|Tests |FAIL|×" "$OUT/tests.log" | head -40
[[ -n "${GPU_TESTS_ONLY:-}" ]] && exit 0

# 2. Ours beside tfjs-webgpu on the same Dawn and GPU.
step "bench" env BENCH_RUNS="${BENCH_RUNS:-10}" BENCH_WARMUP=3 BENCH_QUIET_MAX_S=0 BENCH_PEERS=ours-webgpu,tfjs-webgpu \
  BENCH_ONLY="${BENCH_ONLY:-matmul1024,matmul2048,matmul4096,sigmoid,sigmoid-op,chain,rowsum,softmax,attention,permute}" \
  BENCH_OUT="$OUT/bench" timeout "${GPU_BENCH_S:-300}" node bench/run.mjs >"$OUT/bench.log" 2>&1
grep -v "artificially reduced" "$OUT/bench.log" | tail -60

# 3. GPU time per kernel, many calls in flight (the bench above waits for each call).
step "pipelined" timeout 120 node bench/webgpu-pipelined.mjs >"$OUT/pipelined.log" 2>&1
grep -v "artificially reduced" "$OUT/pipelined.log"

# 4. The demo: train the names transformer on the GPU.
step "demo" timeout "${GPU_DEMO_S:-150}" node dist-examples/examples/names-transformer.js --device webgpu --steps "${GPU_DEMO_STEPS:-400}" \
  >"$OUT/demo.log" 2>&1
grep -v "artificially reduced" "$OUT/demo.log" | tail -8
