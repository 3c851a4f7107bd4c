#!/usr/bin/env bash
# A Vulkan driver that Dawn (the npm "webgpu" package) accepts, on a GPU-less Debian 12 machine, for the WebGPU
# tests. Prints the `export` lines to eval; needs root for apt. Two recipes (shared/research/webgpu.md):
#   lavapipe     Mesa 25 lavapipe from bookworm-backports, unpacked into .cache/lavapipe25 (the system's Mesa is
#                untouched; Debian 12's own Mesa 22 lavapipe is rejected by Dawn). IEEE-faithful with subnormals,
#                compiles pipelines 20-40x faster than SwiftShader, has shader-f16. The default.
#   swiftshader  SwiftShader's Vulkan ICD from Debian's chromium-common package (bookworm main only). Flushes
#                subnormals in comparisons (allowed by WGSL), so tests that feed subnormals expect exact results
#                only on lavapipe.
#   eval "$(bash scripts/setup-vulkan.sh [lavapipe|swiftshader])"
set -euo pipefail
recipe="${1:-lavapipe}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export DEBIAN_FRONTEND=noninteractive

case "$recipe" in
  swiftshader)
    if [[ ! -f /usr/lib/chromium/vk_swiftshader_icd.json ]]; then
      apt-get update -qq >&2
      apt-get install -y --no-install-recommends libvulkan1 chromium-common >&2
    fi
    echo "export VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json"
    ;;
  lavapipe)
    dest="$root/.cache/lavapipe25"
    lib="$dest/root/usr/lib/x86_64-linux-gnu"
    if [[ ! -f "$lib/libvulkan_lvp.so" ]]; then
      apt-get update -qq >&2
      # Runtime dependencies of libvulkan_lvp.so from bookworm main.
      apt-get install -y --no-install-recommends libvulkan1 libllvm15 libelf1 libexpat1 libzstd1 zlib1g libwayland-client0 \
        libx11-xcb1 libxcb-dri3-0 libxcb-present0 libxcb-randr0 libxcb-shm0 libxcb-sync1 libxcb-xfixes0 libxshmfence1 >&2
      mkdir -p "$dest/apt/lists/partial" "$dest/apt/cache" "$dest/apt/sources" "$dest/debs"
      printf 'Types: deb\nURIs: http://deb.debian.org/debian\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' >"$dest/apt/sources/bpo.sources"
      apt=(-o Dir::Etc::sourcelist=/dev/null -o Dir::Etc::sourceparts="$dest/apt/sources" -o Dir::State::Lists="$dest/apt/lists" -o Dir::Cache="$dest/apt/cache")
      apt-get "${apt[@]}" update -qq >&2
      # The version the research measured, else the current backport (mirrors keep only the latest); libdrm from
      # backports is what it links against.
      (cd "$dest/debs" && { apt-get "${apt[@]}" download mesa-vulkan-drivers=25.0.7-2~bpo12+1 >&2 || apt-get "${apt[@]}" download mesa-vulkan-drivers >&2; } &&
        apt-get "${apt[@]}" download libdrm2 libdrm-amdgpu1 >&2)
      for f in "$dest"/debs/*.deb; do dpkg-deb -x "$f" "$dest/root"; done
      printf '{"file_format_version":"1.0.0","ICD":{"library_path":"%s/libvulkan_lvp.so","api_version":"1.4.305"}}\n' "$lib" >"$dest/lvp_icd.json"
    fi
    echo "export VK_ICD_FILENAMES=$dest/lvp_icd.json"
    echo "export LD_LIBRARY_PATH=$lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}"
    ;;
  *)
    echo "unknown recipe \"$recipe\": use lavapipe or swiftshader" >&2
    exit 2
    ;;
esac
# Mesa's device-select layer prints "XDG_RUNTIME_DIR is invalid" without this; harmless either way.
echo "export NODEVICE_SELECT=1"
