/* What libvknoise.so exports (C99 and C++). The library is compiled with -fvisibility=hidden
 * -fvisibility-inlines-hidden, so that its dynamic symbol table holds the API and nothing else:
 * the C functions of vknoise.h and the classes and free functions of the C++ headers, each
 * declared with VKNOISE_API. An exported class's members are exported with it (their type
 * information and vtable too, which the sanitizers' vptr checks and a dynamic_cast need across
 * the library boundary), except those marked VKNOISE_HIDDEN: the library's own, which name its
 * internal types (a pimpl's struct and constructor, a graph's parsed nodes). Everything else of
 * the library (the namespaces vknoise::graph_ir, vknoise::vk, vknoise::detail, vknoise::cpu and
 * every class and function not declared in these headers) is hidden; the programs built with
 * vknoise (its command line tool, window, Python module, tests) link a static library of those
 * internals instead. The test library_exports checks the library's exports against this rule. */
#ifndef VKNOISE_EXPORT_H
#define VKNOISE_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define VKNOISE_API __attribute__((visibility("default")))
#define VKNOISE_HIDDEN __attribute__((visibility("hidden")))
#else
#define VKNOISE_API
#define VKNOISE_HIDDEN
#endif

#endif /* VKNOISE_EXPORT_H */
