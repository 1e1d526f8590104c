#!/usr/bin/env python3
"""The exports of libvknoise.so are its API and nothing else (include/vknoise/export.h):

    check_exports.py <libvknoise.so> <include dir> [nm]

Lists the library's dynamic symbols (nm -D --defined-only), demangles the C++ ones (c++filt) and
holds each to a whitelist built from the public headers:
- a C symbol is a function declared with VKNOISE_API in vknoise.h (so it starts with vknoise_);
- a C++ symbol is a member of a class declared `class VKNOISE_API` in include/vknoise/*.hpp, a
  free function declared there with VKNOISE_API, or the type information or vtable of such a
  class (or the type information of a function type made of API types, which clang's
  -fsanitize=function emits in the sanitizer builds); every vknoise:: name in it (its parameter
  types included) is a type or function the public headers declare, never one of the internal
  namespaces (vknoise::graph_ir, vk, detail, cpu, spirv), nor a nested type the headers mark
  VKNOISE_HIDDEN (a pimpl's impl); nothing of std:: or any other namespace.
Each declaration of the public headers that names an internal namespace (which a symbol's
mangled name does not show when it is the return type) must be marked VKNOISE_HIDDEN, or be a
data member. And every C function and C++ class and free function declared with VKNOISE_API is
exported. Prints every symbol that breaks a rule, and exits 1 if any does.

The rules are first checked against symbols known to be good and bad (self_test), so that a
checker which lets everything through fails too.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

INTERNAL_NAMESPACES = ("graph_ir", "vk", "detail", "cpu", "spirv")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def statements(text):
    """The header's declarations and statements, one string each, without comments and
    preprocessor lines, whitespace collapsed."""
    text = strip_comments(text).replace("\\\n", " ")  # a macro's continued lines are one
    text = "\n".join(line for line in text.split("\n") if not line.lstrip().startswith("#"))
    return [" ".join(part.split()) for part in re.split(r"[;{}]", text) if part.strip()]


class PublicApi:
    """What the public headers declare."""

    def __init__(self, include_dir):
        headers = sorted(Path(include_dir, "vknoise").glob("*.hpp"))
        c_header = Path(include_dir, "vknoise", "vknoise.h")
        self.problems = []
        # C: the functions of vknoise.h, each declared with VKNOISE_API.
        self.c_functions = set()
        for statement in statements(c_header.read_text()):
            match = re.search(r"\b(vknoise_\w+)\s*\(", statement)
            if not match or statement.startswith(("typedef", "extern")):
                continue
            if not statement.startswith("VKNOISE_API "):
                self.problems.append(f"vknoise.h declares {match.group(1)} without VKNOISE_API")
            self.c_functions.add(match.group(1))
        # C++: the exported classes and free functions, every type or function name declared
        # (what parameter types may name), and the nested types marked hidden.
        self.classes, self.functions, self.names, self.hidden_nested = set(), set(), set(), set()
        for header in headers:
            for statement in statements(header.read_text()):
                for match in re.finditer(r"\b(?:class|struct|enum class|enum)\s+(?:VKNOISE_API\s+)?"
                                         r"(?:\[\[\w+\]\]\s+)?(\w+)", statement):
                    self.names.add(match.group(1))
                for match in re.finditer(r"\busing\s+(\w+)\s*=", statement):
                    self.names.add(match.group(1))
                match = re.match(r"class VKNOISE_API (\w+)", statement)
                if match:
                    self.classes.add(match.group(1))
                match = re.match(r"struct VKNOISE_HIDDEN (\w+)$", statement)
                if match:
                    self.hidden_nested.add(match.group(1))
                match = re.match(r"VKNOISE_API [^(]*?\b(\w+)\s*\(", statement)
                if match:
                    self.functions.add(match.group(1))
                    self.names.add(match.group(1))
                internal = re.search(r"\b(?:%s)::" % "|".join(INTERNAL_NAMESPACES), statement)
                if (internal and "VKNOISE_HIDDEN" not in statement
                        and not re.search(r"\b\w+_$", statement)):
                    self.problems.append(f"{header.name}: '{statement}' names an internal "
                                         "namespace but is not VKNOISE_HIDDEN")
        self.names -= self.hidden_nested
        if not self.c_functions or not self.classes or not self.functions:
            self.problems.append(f"no API found in {include_dir}")

    def c_problem(self, name):
        if name in self.c_functions:
            return None
        return "a C symbol that vknoise.h does not declare"

    def cxx_problem(self, demangled):
        entity, compound = demangled, False
        for prefix in ("typeinfo for ", "typeinfo name for ", "vtable for "):
            if demangled.startswith(prefix):
                entity = demangled[len(prefix):]
                if re.fullmatch(r"vknoise::\w+", entity):
                    if entity.removeprefix("vknoise::") not in self.classes:
                        return "the type information of a class that is not exported"
                else:
                    # A function or pointer type made of API types (clang's -fsanitize=function
                    # emits and exports those): the names in it are checked below.
                    compound = not prefix.startswith("vtable") and bool(re.search(r"[(*&]", entity))
                    if not compound:
                        return "the type information of a type that is not an exported class"
        match = re.match(r"vknoise::(\w+)(?:::(\w+))?", entity)
        if not match:
            return "not in namespace vknoise"
        top, member = match.group(1), match.group(2)
        if top in INTERNAL_NAMESPACES:
            return f"in the internal namespace vknoise::{top}"
        if top in self.classes:
            if member in self.hidden_nested:
                return f"a member of the hidden type vknoise::{top}::{member}"
        elif top not in self.functions and not (compound and top in self.names):
            return f"vknoise::{top} is no exported class or function of the public headers"
        for name in re.findall(r"\bvknoise::(\w+)", demangled):
            if name in INTERNAL_NAMESPACES:
                return f"names the internal namespace vknoise::{name}"
            if name not in self.names and name not in self.classes:
                return f"names vknoise::{name}, which the public headers do not declare"
        for outer, inner in re.findall(r"\bvknoise::(\w+)::(\w+)", demangled):
            if outer in self.classes and inner in self.hidden_nested:
                return f"names the hidden type vknoise::{outer}::{inner}"
        return None

    def missing(self, exported_c, exported_cxx):
        """What the headers declare with VKNOISE_API but the library does not export."""
        missing = [f"{name} (vknoise.h)" for name in sorted(self.c_functions - exported_c)]
        for name in sorted(self.functions):
            if not any(re.match(rf"vknoise::{name}(\(|\[)", s) for s in exported_cxx):
                missing.append(f"vknoise::{name} (a free function)")
        for name in sorted(self.classes):
            if not any(s.startswith(f"vknoise::{name}::") for s in exported_cxx):
                missing.append(f"vknoise::{name} (a class: no member exported)")
        return missing


def demangle(names):
    if not names:
        return []
    cxxfilt = shutil.which("c++filt")
    if not cxxfilt:
        sys.exit("check_exports.py: c++filt not found (binutils)")
    out = subprocess.run([cxxfilt], input="\n".join(names) + "\n", capture_output=True, text=True,
                         check=True).stdout.split("\n")
    return out[:len(names)]


def classify(api, symbols):
    """[(symbol, problem)] for the symbols that break a rule; symbols are raw names."""
    mangled = [s for s in symbols if s.startswith("_Z")]
    demangled = dict(zip(mangled, demangle(mangled)))
    problems = []
    for symbol in symbols:
        if symbol in demangled:
            problem = api.cxx_problem(demangled[symbol])
            shown = demangled[symbol]
        else:
            problem = api.c_problem(symbol)
            shown = symbol
        if problem:
            problems.append((shown, problem))
    return problems, demangled


def self_test(api):
    """The rules, on symbols that must pass and symbols that must not."""
    good = [
        "vknoise_version",
        "vknoise_context_create",
        "_ZN7vknoise6noise3Eddd",  # vknoise::noise3(double, double, double)
        "_ZN7vknoise7context6createERKNS_15context_optionsE",
        "_ZTIN7vknoise7contextE",  # typeinfo for vknoise::context
        "_ZTVN7vknoise7contextE",
        "_ZTSN7vknoise7contextE",
        "_ZNK7vknoise5graph4dimsEv",  # vknoise::graph::dims() const
        "_ZTIFN7vknoise17permutation_tableEmE",  # typeinfo for permutation_table (unsigned long)
    ]
    bad = [
        "vknoise_not_declared",
        "volkInitialize",
        "vkCreateInstance",
        "_ZN7vknoise8graph_ir5parseESt17basic_string_viewIcSt11char_traitsIcEE",
        "_ZN7vknoise2vk13device_buffer7destroyEv",
        "_ZN7vknoise6detail11staged_file6commitEv",
        "_ZN7vknoise3cpu11owned_slotsEv",
        "_ZN7vknoise5spirv5fieldE",  # vknoise::spirv::field
        "_ZN7vknoise12context_implD1Ev",  # vknoise::context_impl::~context_impl()
        "_ZTIN7vknoise12context_implE",  # typeinfo for vknoise::context_impl
        "_ZTIN7vknoise10field_specE",  # typeinfo for a struct, not an exported class
        # typeinfo for vknoise::graph (vknoise::graph_ir::graph const&)
        "_ZTIFN7vknoise5graphERKNS_8graph_ir5graphEE",
        # vknoise::gpu_renderer::impl::init(vknoise::renderer_options const&)
        "_ZN7vknoise12gpu_renderer4impl4initERKNS_16renderer_optionsE",
        # vknoise::gpu_renderer::gpu_renderer(std::unique_ptr<vknoise::gpu_renderer::impl>)
        "_ZN7vknoise12gpu_rendererC1ESt10unique_ptrINS0_4implESt14default_deleteIS2_EE",
        # vknoise::graph::graph(std::shared_ptr<vknoise::graph_ir::graph const>)
        "_ZN7vknoise5graphC1ESt10shared_ptrIKNS_8graph_ir5graphEE",
        # std::vector<vknoise::device_info>::~vector()
        "_ZNSt6vectorIN7vknoise11device_infoESaIS1_EED1Ev",
        "_ZN3fmt6formatEv",
    ]
    failures = []
    problems, _ = classify(api, good)
    failures += [f"rejected a good symbol: {s} ({p})" for s, p in problems]
    rejected = {s for s, _ in classify(api, bad)[0]}
    shown = dict(zip(bad, [demangle([s])[0] if s.startswith("_Z") else s for s in bad]))
    failures += [f"accepted a bad symbol: {shown[s]}" for s in bad if shown[s] not in rejected]
    return failures


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    library, include_dir = sys.argv[1], sys.argv[2]
    nm = sys.argv[3] if len(sys.argv) == 4 else "nm"
    api = PublicApi(include_dir)
    failures = list(api.problems)
    failures += [f"self test: {f}" for f in self_test(api)]
    listing = subprocess.run([nm, "-D", "--defined-only", library], capture_output=True,
                             text=True, check=True).stdout
    symbols = sorted({line.split()[-1] for line in listing.splitlines() if line.strip()})
    problems, demangled = classify(api, symbols)
    for shown, problem in problems:
        failures.append(f"exported: {shown}: {problem}")
    exported_c = {s for s in symbols if not s.startswith("_Z")}
    missing = api.missing(exported_c, list(demangled.values()))
    failures += [f"not exported: {m}" for m in missing]
    if failures:
        print("\n".join(failures))
        print(f"library_exports: {len(failures)} problems in the {len(symbols)} exports of "
              f"{library} (include/vknoise/export.h says what may be exported)")
        return 1
    print(f"library_exports: {len(symbols)} exports of {library}: {len(exported_c)} C functions, "
          f"{len(symbols) - len(exported_c)} C++ symbols of {len(api.classes)} classes and "
          f"{len(api.functions)} free functions, nothing else")
    return 0


if __name__ == "__main__":
    sys.exit(main())
