#!/usr/bin/env bash
# Fuzzes Cutout's parsers and renderer with libFuzzer and AddressSanitizer.
#
#   scripts/fuzz.sh [--seconds N] [--build-only] [TARGET...]
#
# Targets (Fuzz/Targets/<name>.swift): xml, svg-render, path-data, css, png, jpeg, gif, webp, scene-json,
# exact-fill (exact overlap coverage against the reference rasteriser) and text (the font loader
# and text layout). Default: all, N = 60 seconds each, one after the other.
#
# The modules are compiled straight from Sources/ with swiftc (-O, -enable-testing,
# -sanitize=fuzzer,address) into .build-fuzz/, outside SwiftPM, so `swift build` and
# `swift test` never see the fuzz targets. Each target starts from its seeds in Fuzz/Corpus/
# and grows a working corpus in .build-fuzz/corpus/<target>/ (kept between runs).
#
# Limits per input: 2 s (-timeout=2) and 2 GB (-rss_limit_mb=2048). The script exits non-zero
# if any target crashes, fails an invariant, leaks, times out or runs out of memory; the input
# is saved under .build-fuzz/artifacts/<target>/ and the command to replay it is printed.
# A timeout is first replayed alone; one that then runs within 2 s (the machine was busy) is
# reported, kept under artifacts/<target>/unreproduced/, and fuzzing goes on.
# Every finding becomes a fixture and a regression test in `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=60
build_only=0
targets=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seconds) seconds="${2:?--seconds needs a number}"; shift 2 ;;
        --seconds=*) seconds="${1#--seconds=}"; shift ;;
        --build-only) build_only=1; shift ;;
        -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: --seconds takes a whole number" >&2; exit 2 ;; esac

all_targets=(xml svg-render path-data css png jpeg gif webp scene-json exact-fill)
[ -d Sources/CutoutText ] && all_targets+=(text)
[ ${#targets[@]} -eq 0 ] && targets=("${all_targets[@]}")
for t in "${targets[@]}"; do
    [[ " ${all_targets[*]} " == *" $t "* ]] || { echo "fuzz.sh: no target '$t' (have: ${all_targets[*]})" >&2; exit 2; }
done

out=.build-fuzz
mkdir -p "$out/lib"
flags=(-O -swift-version 6 -package-name cutout -sanitize=fuzzer,address -I "$out/lib" -I Sources/CZlib)

# Modules in dependency order; a module is rebuilt when a source (or a module below) is newer.
modules=(CutoutGeometry CutoutRaster)
[ -d Sources/CutoutText ] && modules+=(CutoutText)
modules+=(CutoutLayers CutoutSVG)
newest_dependency=""
for m in "${modules[@]}"; do
    lib="$out/lib/lib$m.a"
    sources=()
    while IFS= read -r f; do sources+=("$f"); done < <(find "Sources/$m" -name '*.swift' | sort)
    if [ -d "Sources/$m/Resources" ]; then
        # SwiftPM generates `Bundle.module` for a target with resources; outside it, point the
        # same name at the source folder (the layout SwiftPM copies into its bundle).
        accessor="$out/$m-resources.swift"
        printf 'import Foundation\n\nextension Foundation.Bundle {\n    static let module = Bundle(path: "%s")!\n}\n' \
            "$PWD/Sources/$m/Resources" > "$accessor.new"
        cmp -s "$accessor.new" "$accessor" && rm "$accessor.new" || mv "$accessor.new" "$accessor"
        sources+=("$accessor")
    fi
    if [ ! -f "$lib" ] || [ -n "$(find "Sources/$m" -name '*.swift' -newer "$lib" | head -1)" ] \
        || { [ -n "$newest_dependency" ] && [ "$newest_dependency" -nt "$lib" ]; }; then
        echo "fuzz.sh: compiling $m"
        if ! swiftc "${flags[@]}" -enable-testing -parse-as-library -wmo -module-name "$m" \
            -emit-module -emit-module-path "$out/lib/$m.swiftmodule" -emit-library -static -o "$lib" \
            "${sources[@]}" > "$out/build-$m.log" 2>&1; then
            cat "$out/build-$m.log" >&2
            exit 1
        fi
    fi
    newest_dependency="$lib"
done

libs=()
for ((k = ${#modules[@]} - 1; k >= 0; k--)); do libs+=("-l${modules[k]}"); done

for t in "${targets[@]}"; do
    extra=()
    # The scene reader lives in the `cutout` executable; its file is compiled into the target.
    [ "$t" = scene-json ] && extra=(Sources/cutout/BenchScenes.swift)
    # The exact-fill target compares with the test suite's reference rasteriser.
    [ "$t" = exact-fill ] && extra=(Tests/CutoutTestSupport/ReferenceRasterizer.swift)
    bin="$out/fuzz-$t"
    if [ ! -f "$bin" ] || [ "$newest_dependency" -nt "$bin" ] || [ -n "$(find Fuzz/Targets/"$t".swift Fuzz/Support "${extra[@]}" -newer "$bin" | head -1)" ]; then
        echo "fuzz.sh: linking fuzz-$t"
        if ! swiftc "${flags[@]}" -parse-as-library -module-name "Fuzz_${t//-/_}" \
            "Fuzz/Targets/$t.swift" Fuzz/Support/*.swift "${extra[@]}" -L "$out/lib" "${libs[@]}" -lz \
            -o "$bin" > "$out/build-fuzz-$t.log" 2>&1; then
            grep -v "Cannot export local symbol" "$out/build-fuzz-$t.log" >&2
            exit 1
        fi
    fi
done
[ "$build_only" = 1 ] && exit 0

# One libFuzzer session; sets status, and adds to execs. A timeout is replayed alone three
# times first: on a loaded machine (nice -n 19 beside other work) a run can lose the CPU for
# more than 2 s, and an input that replays within the limit did not take 2 s of work. Its file
# moves to artifacts/<target>/unreproduced/ and fuzzing resumes for the time left.
run_session() {
    local t=$1 budget=$2 log=$3 work=$4 artifacts=$5
    set +e
    SWIFT_BACKTRACE=enable=no "$out/fuzz-$t" "$work" "Fuzz/Corpus/$t" -max_total_time="$budget" -timeout=2 -rss_limit_mb=2048 \
        -malloc_limit_mb=2048 -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$artifacts" > "$log" 2>&1
    status=$?
    set -e
    local n
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    execs=$(( execs + ${n:-0} ))
}

failed=()
printf '%-12s %12s %8s %8s %10s %7s %7s  %s\n' target executions seconds corpus bytes cov ft result
for t in "${targets[@]}"; do
    work="$out/corpus/$t"
    artifacts="$out/artifacts/$t/"
    mkdir -p "$work" "$artifacts" "Fuzz/Corpus/$t"
    log="$out/fuzz-$t.log"
    start=$(date +%s)
    execs=0
    unreproduced=0
    rm -f "$log".unreproduced-*
    while true; do
        left=$(( seconds - ($(date +%s) - start) ))
        run_session "$t" $(( left > 1 ? left : 1 )) "$log" "$work" "$artifacts"
        [ $status -ne 0 ] && grep -q 'ERROR: libFuzzer: timeout' "$log" || break
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        [ -n "$input" ] || break
        replays_ok=0
        for _ in 1 2 3; do
            SWIFT_BACKTRACE=enable=no "$out/fuzz-$t" "$input" -timeout=2 -rss_limit_mb=2048 > "$log.replay" 2>&1 && replays_ok=1 && break
        done
        [ $replays_ok = 1 ] || break
        mkdir -p "$artifacts/unreproduced"
        mv "$input" "$artifacts/unreproduced/"
        unreproduced=$(( unreproduced + 1 ))
        cp "$log" "$log.unreproduced-$unreproduced"
        [ $(( $(date +%s) - start )) -lt "$seconds" ] || { status=0; break; }
    done
    elapsed=$(( $(date +%s) - start ))
    # Coverage (edges) and features: the most any session of this run reached (every session
    # starts by loading the whole corpus, so this is what the corpus covers).
    cov=$(cat "$log" "$log".unreproduced-* 2>/dev/null | sed -n 's/^#[0-9].* cov: \([0-9]*\).*/\1/p' | sort -n | tail -1 || true)
    ft=$(cat "$log" "$log".unreproduced-* 2>/dev/null | sed -n 's/^#[0-9].* ft: \([0-9]*\).*/\1/p' | sort -n | tail -1 || true)
    files=$(find "$work" "Fuzz/Corpus/$t" -type f | wc -l)
    bytes=$(find "$work" "Fuzz/Corpus/$t" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }')
    result=ok
    if [ $status -ne 0 ]; then
        if grep -q 'ERROR: libFuzzer: timeout' "$log"; then result=timeout
        elif grep -q 'ERROR: libFuzzer: out-of-memory\|malloc(.*) exceeds limit' "$log"; then result=out-of-memory
        elif grep -q 'ERROR: LeakSanitizer' "$log"; then result=leak
        else result=crash; fi
        failed+=("$t")
    fi
    [ $unreproduced -gt 0 ] && result="$result ($unreproduced timeouts did not reproduce on replay)"
    printf '%-12s %12s %8s %8s %10s %7s %7s  %s\n' "$t" "$execs" "$elapsed" "$files" "$bytes" "${cov:-?}" "${ft:-?}" "$result"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$t" "$execs" "$elapsed" "$files" "${cov:-}" "$result" >> "$out/history.tsv"
    if [ $status -ne 0 ]; then
        input=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        echo "  $t: $result (exit $status); log $log" >&2
        grep -E 'fuzz invariant failed|Fatal error|ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)' "$log" | head -3 | sed 's/^/  /' >&2 || true
        if [ -n "$input" ]; then echo "  input: $input — replay: $out/fuzz-$t $input" >&2; fi
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: failed: ${failed[*]}" >&2
    exit 1
fi
