#!/usr/bin/env python3
"""Counts the operations of a compiled noise kernel (spirv-dis output), for the ALU-bound
estimates of docs/benchmarks.md ("Fraction of the ALU bound").

Usage: count_kernel_ops.py KERNEL.dis

The kernel is expected optimised (spirv-opt -O) with its fixed-count loops unrolled, so that
what is left is straight-line code with branches and, for cellular noise, the search's
data-dependent loops. Every instruction is counted once, wherever it is: both arms of a branch
count, which is what a SIMD group (a GPU warp, an llvmpipe vector) executes when its lanes
diverge. The instructions of each loop that is left are reported apart (one iteration's worth,
loops numbered in the order they appear, with their nesting depth), so a caller can weight them
by the measured trip counts.

Classes, per vector component:
  float:  float arithmetic, compares, conversions and GLSL.std.450 float functions; an Fma
          counts 2 (spirv-opt folds some constant multiply-adds into one, which the kernel's
          `precise` operations do not allow a driver to do)
  int:    integer arithmetic, bitwise ops, shifts, integer compares, selects, boolean logic
  table:  loads through the permutation table's binding (memory, outside the ALU bound)
  memory: other loads and stores of buffers, push constants and constant arrays
Not counted: bitcasts, composite construction and extraction, phis, access chains, branches.
"""
import re
import sys
from collections import defaultdict

FLOAT_OPS = {
    "OpFAdd", "OpFSub", "OpFMul", "OpFDiv", "OpFRem", "OpFMod", "OpFNegate", "OpDot",
    "OpVectorTimesScalar", "OpConvertSToF", "OpConvertUToF", "OpConvertFToS", "OpConvertFToU",
    "OpIsNan", "OpIsInf",
}
FLOAT_PREFIXES = ("OpFOrd", "OpFUnord")
INT_OPS = {
    "OpIAdd", "OpISub", "OpIMul", "OpSDiv", "OpUDiv", "OpSMod", "OpSRem", "OpUMod", "OpSNegate",
    "OpNot", "OpBitwiseAnd", "OpBitwiseOr", "OpBitwiseXor", "OpShiftLeftLogical",
    "OpShiftRightLogical", "OpShiftRightArithmetic", "OpIEqual", "OpINotEqual", "OpSLessThan",
    "OpSGreaterThan", "OpSLessThanEqual", "OpSGreaterThanEqual", "OpULessThan", "OpUGreaterThan",
    "OpULessThanEqual", "OpUGreaterThanEqual", "OpSelect", "OpLogicalAnd", "OpLogicalOr",
    "OpLogicalNot", "OpLogicalEqual", "OpLogicalNotEqual", "OpBitFieldInsert",
    "OpBitFieldSExtract", "OpBitFieldUExtract", "OpBitReverse", "OpBitCount", "OpAny", "OpAll",
}
INT_EXT = {"SAbs", "SSign", "SMin", "SMax", "UMin", "UMax", "SClamp", "UClamp", "FindILsb",
           "FindSMsb", "FindUMsb"}
FREE_OPS = {
    "OpBitcast", "OpCompositeConstruct", "OpCompositeExtract", "OpCompositeInsert",
    "OpVectorShuffle", "OpCopyObject", "OpPhi", "OpAccessChain", "OpInBoundsAccessChain",
    "OpLabel", "OpBranch", "OpBranchConditional", "OpSwitch", "OpSelectionMerge", "OpLoopMerge",
    "OpReturn", "OpReturnValue", "OpFunction", "OpFunctionEnd", "OpFunctionParameter",
    "OpVariable", "OpUndef", "OpKill", "OpUnreachable",
}


def count(lines):
    result_type = {}  # id -> type id
    components = {}   # type id -> component count
    binding = {}      # variable id -> binding number
    pointer_base = {}  # access chain id -> the variable it starts from
    in_function = False
    stack = []  # (merge label, loop name) of the loops we are in
    per_loop = defaultdict(lambda: defaultdict(int))
    unknown = defaultdict(int)
    for line in lines:
        m = re.match(r"\s*(?:(%\w+) = )?(Op\w+)(.*)", line)
        if not m:
            continue
        rid, op, rest = m.groups()
        args = rest.split()
        if op == "OpDecorate" and len(args) >= 3 and args[1] == "Binding":
            binding[args[0]] = int(args[2])
        if op in ("OpTypeFloat", "OpTypeInt", "OpTypeBool"):
            components[rid] = 1
        elif op == "OpTypeVector":
            components[rid] = int(args[1])
        if op == "OpFunction":
            in_function = True
        if rid and args and args[0].startswith("%"):
            result_type[rid] = args[0]
        if op in ("OpAccessChain", "OpInBoundsAccessChain"):
            base = args[1]
            pointer_base[rid] = pointer_base.get(base, base)
        if not in_function:
            continue
        if op == "OpLabel" and stack and stack[-1][0] == rid:
            stack.pop()
        if op == "OpLoopMerge":
            loops = sum(1 for name in per_loop if name != "outside loops")
            stack.append((args[0], f"loop {loops + 1} (depth {len(stack) + 1})"))
        depth = per_loop[stack[-1][1] if stack else "outside loops"]
        width = components.get(result_type.get(rid, ""), 1)
        if op == "OpExtInst":
            name = args[2]
            if name in INT_EXT:
                depth["int"] += width
            else:
                depth["float"] += width * (2 if name == "Fma" else 1)
        elif op in FLOAT_OPS or op.startswith(FLOAT_PREFIXES):
            depth["float"] += width
        elif op in INT_OPS:
            depth["int"] += width
        elif op == "OpLoad":
            base = pointer_base.get(args[1], args[1])
            table = binding.get(base) == 0  # VKNOISE_BINDING_PERMUTATION
            depth["table" if table else "memory"] += 1
        elif op == "OpStore":
            depth["memory"] += 1
        elif op not in FREE_OPS:
            unknown[op] += 1
    return per_loop, unknown


def main():
    with open(sys.argv[1]) as f:
        per_loop, unknown = count(f.read().splitlines())
    for name, c in per_loop.items():
        print(f"{name}: float {c['float']}, int/select {c['int']}, "
              f"table loads {c['table']}, other memory {c['memory']}")
    if unknown:
        print("not classified: " + ", ".join(f"{k} {v}" for k, v in sorted(unknown.items())))


if __name__ == "__main__":
    main()
