// Integer arithmetic as Java's int, the twin of src/core/int_arithmetic.hpp: GLSL's int additions
// wrap modulo 2^32 by themselves, so only the saturating floor is written out.

// Java's fastfloor: xi = int(x) (toward zero, saturating at the int range, NaN 0), then xi - 1
// where x < xi; int() of a float out of range is undefined in GLSL, hence the tests.
int saturating_floor(float x) {
  int xi = 0;
  if (x >= 2147483648.0) {
    xi = 2147483647;
  } else if (x <= -2147483648.0) {
    xi = -2147483647 - 1;
  } else if (x == x) {
    xi = int(x);
  }
  return x < float(xi) ? xi - 1 : xi;
}
