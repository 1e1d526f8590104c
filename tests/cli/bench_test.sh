#!/usr/bin/env bash
# End-to-end tests of `vknoise bench`: a small run on every backend writes JSON and CSV with the
# documented structure and backend names; bad arguments get one "vknoise: ..." line and exit 2
# and write nothing. Usage: bench_test.sh path/to/vknoise
set -u

source "$(dirname "$0")/harness.sh" "$@"


# --- A small run on every backend --------------------------------------------------------------
run bench --dims 3 --size 32x32x32 --octaves 1 \
  --backends cpu-reference,cpu-fast,stb,glm,gpu,gpu-e2e --repeats 2 --warmup 1 \
  --json x.json --csv x.csv
if [[ $status -ne 0 ]]; then
  fail "bench on every backend: exit $status"
elif [[ ! -s $case_dir/x.json || ! -s $case_dir/x.csv ]]; then
  fail "bench on every backend: no x.json or x.csv"
elif ! grep -q 'Msamples/s' "$work/stdout"; then
  fail "bench on every backend: no table on stdout"
elif ! python3 - "$case_dir/x.json" "$case_dir/x.csv" <<'PY' 2>"$work/stderr"; then
import csv, json, sys

report = json.load(open(sys.argv[1]))
assert set(report) >= {"machine", "results"}, report.keys()
machine = report["machine"]
for key in ("cpu_model", "cores", "simd_target", "gpu_device", "driver", "date"):
    assert key in machine, key
assert isinstance(machine["cores"], int) and machine["cores"] >= 1
results = report["results"]
names = {"gpu", "gpu-e2e", "cpu-reference", "cpu-fast", "stb", "glm"}
seen = {r["backend"] for r in results}
assert seen == names, seen
for r in results:
    assert r["dims"] == 3 and r["size"] == [32, 32, 32] and r["octaves"] == 1, r
    assert r["samples"] == 32 ** 3, r
    if r["backend"] in ("gpu", "gpu-e2e"):
        assert r["threads"] is None, r
    else:
        assert isinstance(r["threads"], int) and r["threads"] >= 1, r
    if r["skipped"]:
        assert r["msamples_per_s"] is None and r["note"], r
        continue
    assert r["msamples_per_s"] > 0, r
    spread = r["spread"]
    assert spread["kind"] == "min-max", spread
    assert spread["min"] <= r["msamples_per_s"] <= spread["max"], r
    assert r["repeats"] == 2, r
# Every CPU backend ran at one thread, and the GPU rows were measured: a run whose device did not
# open (rows skipped, "gpu_note" says why) fails here instead of passing without GPU figures.
for name in ("cpu-reference", "cpu-fast", "stb", "glm"):
    assert any(r["backend"] == name and r["threads"] == 1 and not r["skipped"]
               for r in results), name
for name in ("gpu", "gpu-e2e"):
    rows = [r for r in results if r["backend"] == name]
    assert rows, name
    for r in rows:
        assert not r["skipped"] and r["msamples_per_s"] > 0, (r, machine["gpu_note"])
assert all(r["workload"] == "grid" for r in results), "grid is the default workload"
rows = list(csv.DictReader(open(sys.argv[2])))
assert len(rows) == len(results), (len(rows), len(results))
assert [r["backend"] for r in rows] == [r["backend"] for r in results]
for row, r in zip(rows, results):
    assert row["size"] == "32x32x32", row
    if not r["skipped"]:
        assert abs(float(row["msamples_per_s"]) - r["msamples_per_s"]) <= 1e-5 * r["msamples_per_s"]
PY
  fail "bench on every backend: JSON/CSV check"
else
  pass
fi

# --- The points workload: the same backends at scattered points, next to the grid --------------
run bench --workloads grid,points --dims 3,4 --size 16x16x16,6x6x6x6 --octaves 1,3 \
  --backends cpu-reference,cpu-fast,stb,glm,gpu,gpu-e2e --threads 1,2 --repeats 2 --warmup 1 \
  --json p.json --csv p.csv
if [[ $status -ne 0 ]]; then
  fail "bench points: exit $status"
elif ! grep -q '^points ' "$work/stdout" || ! grep -q '^points: cpu-fast / stb' "$work/stdout"; then
  fail "bench points: no points rows or ratios in the table"
elif ! python3 - "$case_dir/p.json" "$case_dir/p.csv" <<'PY' 2>"$work/stderr"; then
import csv, json, sys

report = json.load(open(sys.argv[1]))
results = report["results"]
note = report["machine"]["gpu_note"]
assert {r["workload"] for r in results} == {"grid", "points"}
sizes = {3: [16, 16, 16], 4: [6, 6, 6, 6]}
for work in ("grid", "points"):
    for dims in (3, 4):
        for octaves in (1, 3):
            rows = [r for r in results if r["workload"] == work and r["dims"] == dims
                    and r["octaves"] == octaves]
            where = (work, dims, octaves)
            def measured(backend, threads=1):
                match = [r for r in rows if r["backend"] == backend and
                         (r["threads"] == threads or backend.startswith("gpu"))]
                assert len(match) == 1, (where, backend, threads, match)
                r = match[0]
                assert not r["skipped"], (where, r, note)
                assert r["msamples_per_s"] > 0 and r["repeats"] == 2, (where, r)
                assert r["spread"]["min"] <= r["msamples_per_s"] <= r["spread"]["max"], r
                assert r["size"] == sizes[dims], r
                n = 1
                for s in sizes[dims]:
                    n *= s
                assert r["samples"] == n, r
            for backend in ("gpu", "gpu-e2e", "cpu-reference", "glm"):
                measured(backend)
            measured("cpu-fast", 1)
            measured("cpu-fast", 2)
            stb = [r for r in rows if r["backend"] == "stb"]
            if dims == 3:
                measured("stb")
            else:
                assert len(stb) == 1 and stb[0]["skipped"] and "4D" in stb[0]["note"], stb
rows = list(csv.DictReader(open(sys.argv[2])))
assert [r["workload"] for r in rows] == [r["workload"] for r in results], "CSV workload column"
assert [r["backend"] for r in rows] == [r["backend"] for r in results]
PY
  fail "bench points: JSON/CSV check"
else
  pass
fi

# --- 4D: stb has no 4D noise and says so --------------------------------------------------------
run bench --dims 4 --size 8x8x8x8 --octaves 4 --backends stb,glm --repeats 1 --warmup 0 \
  --json y.json
if [[ $status -ne 0 ]]; then
  fail "bench 4D: exit $status"
elif ! python3 - "$case_dir/y.json" <<'PY' 2>"$work/stderr"; then
import json, sys

results = json.load(open(sys.argv[1]))["results"]
stb = [r for r in results if r["backend"] == "stb"]
glm = [r for r in results if r["backend"] == "glm"]
assert len(stb) == 1 and stb[0]["skipped"] and "4D" in stb[0]["note"], stb
assert len(glm) == 1 and not glm[0]["skipped"] and glm[0]["size"] == [8, 8, 8, 8], glm
assert glm[0]["octaves"] == 4
PY
  fail "bench 4D: stb n/a, glm measured"
else
  pass
fi

# --- The budget skips a size that would take too long -----------------------------------------
run bench --size 16x16x16,64x64x64 --octaves 1 --backends cpu-reference --repeats 1 \
  --warmup 0 --budget 0.000001 --csv z.csv
if [[ $status -ne 0 ]]; then
  fail "bench budget: exit $status"
elif ! grep -q '^cpu-reference,3,64x64x64,1,1,262144,,,,,0,true,skipped' "$case_dir/z.csv"; then
  fail "bench budget: the larger size is not reported skipped"
else
  pass
fi

# --- A graph beside the built-in field it equals: both measured on cpu-fast (alternately, repeat
# by repeat), the graph's rows after the field's, and the summary's graph / built-in ratios --------
cat >"$work/fbm.json" <<'JSON'
{"dims": 3, "nodes": {"p": {"kind": "position"}, "n": {"kind": "noise", "at": "p"},
 "f": {"kind": "fractal", "noise": "n", "type": "fbm", "octaves": 3}}, "outputs": {"v": "f"}}
JSON
run bench --graph "$work/fbm.json" --backends cpu-fast --dims 3 --size 16x16x4 --octaves 3 \
  --threads 1,2 --repeats 3 --warmup 1 --json g.json
if [[ $status -ne 0 ]]; then
  fail "bench graph: exit $status"
elif ! grep -q '^cpu-fast, 1 thread(s): graph fbm / built-in 3 octave(s), 3D 16x16x4: ' "$work/stdout" ||
  ! grep -q '^cpu-fast, 2 thread(s): graph fbm / built-in 3 octave(s), 3D 16x16x4: ' "$work/stdout"; then
  fail "bench graph: no graph / built-in ratio per thread count in the summary"
elif ! python3 - "$case_dir/g.json" <<'PY' 2>"$work/stderr"; then
import json, sys

results = json.load(open(sys.argv[1]))["results"]
rows = [(r["graph"], r["threads"]) for r in results]
assert rows == [(None, 1), (None, 2), ("fbm", 1), ("fbm", 2)], rows
for r in results:
    assert r["backend"] == "cpu-fast" and not r["skipped"] and r["repeats"] == 3, r
    assert r["octaves"] == (0 if r["graph"] else 3), r
PY
  fail "bench graph: JSON check"
else
  pass
fi

# --- FastNoise2: a peer only in a build configured with it (`bench --help` says which). Without
# it, asking for it is one line that names the options building it in; with it, it runs beside
# cpu-fast at 1 thread, their repeats alternating, and the summary gives the pairs' ratios -----
"$vknoise" bench --help >"$work/help" 2>&1
if grep -q "fastnoise2 is not built in" "$work/help"; then
  expect_error "fastnoise2 not built in" 2 \
    "--backends: fastnoise2 is not built in; configure with -DVKNOISE_FASTNOISE2_SOURCE=DIR" \
    bench --backends cpu-fast,fastnoise2 --size 8x8x8 --json x.json
else
  run bench --dims 3,4 --size 40x8x4,8x8x4x4 --octaves 1,3 --backends cpu-fast,fastnoise2 \
    --threads 1 --repeats 3 --warmup 1 --json f.json
  if [[ $status -ne 0 ]]; then
    fail "bench fastnoise2: exit $status"
  elif ! grep -q '^grid: cpu-fast 1 thread / fastnoise2, 4D 8x8x4x4, 3 octave(s): ' \
    "$work/stdout"; then
    fail "bench fastnoise2: no pair ratio in the summary"
  elif ! python3 - "$case_dir/f.json" <<'PY' 2>"$work/stderr"; then
import json, sys

results = json.load(open(sys.argv[1]))["results"]
peer = [r for r in results if r["backend"] == "fastnoise2"]
assert len(peer) == 4, peer
for r in peer:
    assert not r["skipped"] and r["threads"] == 1 and len(r["pair_ratios"]) == 3, r
PY
    fail "bench fastnoise2: JSON check"
  else
    pass
  fi
fi

# --- Bad arguments ------------------------------------------------------------------------------
expect_error "unknown workload" 2 "--workloads" bench --workloads grid,lines --json x.json
expect_error "unknown backend" 2 "--backends" bench --backends cpu-fast,cuda --json x.json
expect_error "empty backend" 2 "--backends" bench --backends "" --json x.json
expect_error "dims 2" 2 "--dims" bench --dims 2 --json x.json
expect_error "unknown noise" 2 "--noise" bench --noise gabor --json x.json

# --- Another basis: the fields are simplex noise on vknoise's backends, the peers that compute
# Perlin's noise only are skipped, and the command line in the JSON names the noise -------------
run bench --noise simplex --dims 3 --size 16x16x4 --octaves 1,3 --backends cpu-fast,gpu,stb,glm \
  --threads 1 --repeats 2 --warmup 1 --json s.json
if [[ $status -ne 0 ]]; then
  fail "bench simplex: exit $status"
elif ! python3 - "$case_dir/s.json" <<'PY' 2>"$work/stderr"; then
import json, sys

report = json.load(open(sys.argv[1]))
assert "--noise simplex" in report["settings"]["command"], report["settings"]
for r in report["results"]:
    if r["backend"] in ("stb", "glm"):
        assert r["skipped"] and "Perlin's noise only" in r["note"], r
    else:
        assert not r["skipped"] and r["msamples_per_s"] > 0, r
PY
  fail "bench simplex: JSON check"
else
  pass
fi
expect_error "dims text" 2 "--dims" bench --dims three
expect_error "size zero" 2 "--size" bench --size 0x32x32 --csv x.csv
expect_error "size 5 axes" 2 "--size" bench --size 2x2x2x2x2
expect_error "size for other dims" 2 "--size" bench --dims 3 --size 8x8x8x8
expect_error "octaves 0" 2 "--octaves" bench --octaves 0
expect_error "octaves 17" 2 "--octaves" bench --octaves 17
expect_error "threads 0" 2 "--threads" bench --threads 0
expect_error "repeats 0" 2 "--repeats" bench --repeats 0
expect_error "warmup text" 2 "--warmup" bench --warmup x
expect_error "budget negative" 2 "--budget" bench --budget -1
expect_error "peak-gops zero" 2 "--peak-gops" bench --peak-gops 0
expect_error "unwritable json" 2 "x.json" bench --size 8x8x8 --backends stb --json /nonexistent/x.json
expect_error "unknown option" 2 "--frobnicate" bench --frobnicate

# A device that does not exist, with only GPU backends: a runtime error (exit 1), one line, no
# table and no file.
run bench --backends gpu,gpu-e2e --size 8x8x8 --octaves 1 --device 4000000000 --json x.json
if [[ $status -ne 1 || $(wc -l <"$work/stderr") -ne 1 ]] || ! grep -q '^vknoise: ' "$work/stderr"; then
  fail "missing device: exit $status, expected 1 with one line"
elif [[ -s $work/stdout || -n $(ls -A "$case_dir") ]]; then
  fail "missing device: printed a table or left a file"
else
  pass
fi

finish
