// The standard normal distribution to double precision. The CDF goes through the complementary error
// function by W. J. Cody's rational Chebyshev approximations ("Rational Chebyshev approximations for the
// error function", Math. Comp. 1969; netlib specfun/erf), accurate to about 1e-16 relative over the
// whole line, including the far tails that far out-of-the-money premiums and their implied volatilities
// depend on. The common Abramowitz–Stegun 26.2.17 is good to only 7.5e-8 absolute. N is computed for
// −|x| and mirrored, so N(x) + N(−x) = 1 to the last bit, and put-call parity holds to rounding.

const inverseSqrtTwoPi = 0.3989422804014327;
const inverseSqrtPi = 0.5641895835477563;

export function normalPdf(x: number): number {
  return inverseSqrtTwoPi * Math.exp(-0.5 * x * x);
}

/** Σ coefficients[i]·x^i, highest power last. */
function polynomial(x: number, coefficients: readonly number[]): number {
  let sum = 0;
  for (let index = coefficients.length - 1; index >= 0; index -= 1) sum = sum * x + (coefficients[index] ?? 0);
  return sum;
}

// erf(y) = y·A(y²)/B(y²) for y ≤ 0.46875.
const erfNumerator = [3209.3775891384694, 377.485237685302, 113.86415415105016, 3.1611237438705655, 0.18577770618460315];
const erfDenominator = [2844.236833439171, 1282.6165260773723, 244.02463793444417, 23.601290952344122, 1];
// erfc(y) = e^(−y²)·C(y)/D(y) for 0.46875 < y ≤ 4.
const middleNumerator = [
  1230.3393547979972, 2051.0783778260716, 1712.0476126340707, 881.952221241769, 298.6351381974001, 66.11919063714163,
  8.883149794388377, 0.5641884969886701, 2.1531153547440383e-8,
];
const middleDenominator = [
  1230.3393548037495, 3439.3676741437216, 4362.619090143247, 3290.7992357334597, 1621.3895745666903, 537.1811018620099,
  117.6939508913125, 15.744926110709835, 1,
];
// erfc(y) = e^(−y²)/y·(1/√π − z·P(z)/Q(z)), z = 1/y², for y > 4.
const tailNumerator = [0.0006587491615298378, 0.016083785148742275, 0.12578172611122926, 0.36034489994980445, 0.30532663496123236, 0.016315387137302097];
const tailDenominator = [0.0023352049762686918, 0.06051834131244132, 0.5279051029514285, 1.8729528499234604, 2.568520192289822, 1];

/** e^(−y²) without losing digits to the rounding of y² (Cody's split of y at a multiple of 1/16). */
function gaussianFactor(y: number): number {
  const rounded = Math.trunc(y * 16) / 16;
  return Math.exp(-rounded * rounded) * Math.exp(-(y - rounded) * (y + rounded));
}

/** erfc(y) for y ≥ 0. */
function complementaryErrorFunction(y: number): number {
  if (y <= 0.46875) {
    const square = y * y;
    return 1 - (y * polynomial(square, erfNumerator)) / polynomial(square, erfDenominator);
  }
  // Beyond this erfc is below the smallest double.
  if (y >= 26.543) return 0;
  if (y <= 4) return (gaussianFactor(y) * polynomial(y, middleNumerator)) / polynomial(y, middleDenominator);
  const z = 1 / (y * y);
  const ratio = (z * polynomial(z, tailNumerator)) / polynomial(z, tailDenominator);
  return (gaussianFactor(y) * (inverseSqrtPi - ratio)) / y;
}

export function normalCdf(x: number): number {
  const lowerTail = 0.5 * complementaryErrorFunction(Math.abs(x) / Math.SQRT2);
  return x > 0 ? 1 - lowerTail : lowerTail;
}
