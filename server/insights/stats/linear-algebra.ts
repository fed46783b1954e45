// Small dense linear solves for the regressions the detectors fit (3 to 8 unknowns). Gaussian
// elimination with partial pivoting is exact enough at these sizes and needs no dependency.

/**
 * Solves A·x = b for a square matrix given as rows; returns null when A is singular (a regressor
 * that is constant or collinear in the data, e.g. a weekday absent from both periods).
 */
export function solveLinearSystem(matrix: readonly (readonly number[])[], rhs: readonly number[]): number[] | null {
  const n = rhs.length;
  const a = matrix.map((row, i) => [...row, rhs[i]]);
  let scale = 0;
  for (const row of a) for (let j = 0; j < n; j++) scale = Math.max(scale, Math.abs(row[j]));
  const eps = 1e-12 * (scale || 1);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    if (Math.abs(a[pivot][col]) <= eps) return null;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    for (let r = col + 1; r < n; r++) {
      const f = a[r][col] / a[col][col];
      if (f === 0) continue;
      for (let c = col; c <= n; c++) a[r][c] -= f * a[col][c];
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = a[r][n];
    for (let c = r + 1; c < n; c++) s -= a[r][c] * x[c];
    x[r] = s / a[r][r];
  }
  return x;
}

/** Inverse of a small square matrix (null when singular), used for coefficient standard errors. */
export function invertMatrix(matrix: readonly (readonly number[])[]): number[][] | null {
  const n = matrix.length;
  const columns: number[][] = [];
  for (let j = 0; j < n; j++) {
    const e = new Array<number>(n).fill(0);
    e[j] = 1;
    const col = solveLinearSystem(matrix, e);
    if (!col) return null;
    columns.push(col);
  }
  return matrix.map((_, i) => columns.map((col) => col[i]));
}
