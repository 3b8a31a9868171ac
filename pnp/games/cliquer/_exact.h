/* For the C cores that must give Python's answers to the last bit (_letters.c, _placing.c): plain
 * IEEE double arithmetic, each operation rounded on its own, as Python's floats do.
 *
 * A build with fast-math or excess precision (x87) is refused here, so it fails and pip installs
 * without the core (setup.py marks it optional) rather than a core that could disagree; fused
 * multiply-add is turned off (setup.py also passes -ffp-contract=off for GCC): a fused a*b - c
 * rounds once instead of twice and could move a near tie.
 */
#ifndef PNP_EXACT_H
#define PNP_EXACT_H
#include <float.h>

#if defined(__FAST_MATH__)
#error "this core must not be built with fast-math: it would not round as Python does"
#endif
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "this core needs plain double arithmetic (FLT_EVAL_METHOD 0, e.g. SSE2, not x87)"
#endif
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#endif

#endif
