# What the command line tests share, sourced by each (`source "$(dirname "$0")/harness.sh" "$@"`):
# the tool's path, a scratch directory removed at exit, pass/fail counters, helpers that run
# the tool in a fresh directory and judge the one-line error contract, and the one way a test
# waits for another process (wait_for, interrupt). A test may define before_cleanup (e.g. to
# unmount) and ends with `finish`.

if [[ $# -ne 1 || ! -x $1 ]]; then
  echo "usage: $0 path/to/vknoise" >&2
  exit 2
fi
vknoise=$(realpath "$1")
work=$(mktemp -d)
cleanup() {
  if declare -F before_cleanup >/dev/null; then before_cleanup; fi
  chmod -R u+w "$work" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
passed=0
failed=0

pass() { passed=$((passed + 1)); }
fail() {
  failed=$((failed + 1))
  echo "FAIL: $1" >&2
  [[ -s $work/stderr ]] && sed 's/^/  stderr: /' "$work/stderr" | head -c 2000 >&2
}

# run ARGS...: vknoise in a fresh empty directory, which becomes $case_dir; stdin from $input;
# the exit status in $status, output in $work/stdout and $work/stderr.
input=/dev/null
run() {
  case_dir=$(mktemp -d "$work/case.XXXXXX")
  (cd "$case_dir" && "$vknoise" "$@" <"$input" >"$work/stdout" 2>"$work/stderr")
  status=$?
}

with_input() {
  input=$work/input
  printf "$@" >"$input"
}

# judge NAME CODE MESSAGE_PART DIR: the last run failed as it should: exit CODE (never a signal,
# so never a crash or a sanitizer abort), exactly one short stderr line "vknoise: ...MESSAGE_PART",
# nothing on stdout, and nothing left in DIR.
judge() {
  local name=$1 code=$2 part=$3 dir=$4
  if [[ $status -ge 128 ]]; then
    fail "$name: killed by signal $((status - 128)) (a crash or a sanitizer abort)"
  elif [[ $status -ne $code ]]; then
    fail "$name: exit $status, expected $code"
  elif [[ $(wc -l <"$work/stderr") -ne 1 || $(wc -c <"$work/stderr") -gt 400 ]]; then
    fail "$name: $(wc -l <"$work/stderr") stderr lines, $(wc -c <"$work/stderr") bytes; expected one short line"
  elif ! grep -q '^vknoise: ' "$work/stderr"; then
    fail "$name: stderr does not start with 'vknoise: '"
  elif ! grep -qF -- "$part" "$work/stderr"; then
    fail "$name: stderr lacks \"$part\""
  elif [[ -s $work/stdout ]]; then
    fail "$name: printed to stdout on failure"
  elif [[ -n $(ls -A "$dir") ]]; then
    fail "$name: left files behind: $(ls -A "$dir" | tr '\n' ' ')"
  else
    pass
  fi
}

# expect_error NAME CODE MESSAGE_PART ARGS...
expect_error() {
  local name=$1 code=$2 part=$3
  shift 3
  run "$@"
  judge "$name" "$code" "$part" "$case_dir"
}

# expect_success NAME ARGS...: exits 0 (returns 1 otherwise, for tests that stop there).
expect_success() {
  local name=$1
  shift
  run "$@"
  if [[ $status -ne 0 ]]; then
    fail "$name: exit $status"
    return 1
  fi
  pass
}

# check NAME CONDITION...: a plain assertion.
check() {
  local name=$1
  shift
  if "$@"; then pass; else fail "$name"; fi
}

# wait_for WHAT SECONDS COMMAND...: polls COMMAND every 20 ms until it succeeds. When SECONDS pass
# first, records the failure "timed out after SECONDS s waiting for WHAT" and returns 1. Tests wait
# for a condition, never for a fixed time, so a busy machine makes them slower, never wrong.
wait_for() {
  local what=$1 seconds=$2
  shift 2
  local deadline=$((SECONDS + seconds))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      fail "timed out after $seconds s waiting for $what"
      return 1
    fi
    sleep 0.02
  done
}

# interrupt SIGNAL READY ARGS...: starts vknoise ARGS in the background in a fresh $case_dir (stdin
# from $input, output in $work/stdout and $work/stderr), waits until the shell condition READY holds
# in $case_dir (e.g. '[[ -e frame_1.raw ]]'), sends SIGNAL and waits for the tool to end; its exit
# status goes to $status. Each wait has a 60 s deadline. Returns 1, with a failure recorded, when
# a deadline passes (the tool is then killed) or when the tool ends before the signal: a command
# given to interrupt must last far longer than the moment between READY and the signal.
interrupt() {
  local signal=$1 ready=$2
  shift 2
  case_dir=$(mktemp -d "$work/case.XXXXXX")
  : >"$work/stdout"  # emptied before the background start: READY may read them
  : >"$work/stderr"
  (cd "$case_dir" && exec "$vknoise" "$@" <"$input" >"$work/stdout" 2>"$work/stderr") &
  local pid=$!
  if wait_for "'$ready' while vknoise $*" 60 interrupted_is_ready_or_ended; then
    if interrupted_has_ended; then
      wait "$pid"
      fail "vknoise $* ended (exit $?) before it could be interrupted"
      return 1
    fi
    kill -"$signal" "$pid"
    if wait_for "vknoise to end after SIG$signal" 60 interrupted_has_ended; then
      wait "$pid"
      status=$?
      return 0
    fi
  fi
  kill -KILL "$pid" 2>/dev/null
  wait "$pid"
  return 1
}
# interrupt's conditions; they read its locals pid and ready (bash's scoping is dynamic).
interrupted_is_ready_or_ended() { (cd "$case_dir" && eval "$ready") || interrupted_has_ended; }
interrupted_is_running() { kill -0 "$pid" 2>/dev/null; }
interrupted_has_ended() { ! interrupted_is_running; }

# fails COMMAND...: succeeds when COMMAND fails, for check (e.g. check "differs" fails cmp -s A B).
fails() { ! "$@"; }

finish() {
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
