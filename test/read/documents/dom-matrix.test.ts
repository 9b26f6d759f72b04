/**
The DOMMatrix pdf.js gets in the document worker (no canvas package in the published lector): checked
against the affine arithmetic it stands for, on points, since pdf.js uses it to place glyphs and paths.
*/
import {describe, expect, it} from 'vitest';
// @ts-expect-error: a plain JavaScript worker module, without declarations.
import {DOMMatrix2d} from '../../../source/read/documents/dom-matrix.js';

type Matrix = {a: number; b: number; c: number; d: number; e: number; f: number};

function apply(m: Matrix, [x, y]: readonly [number, number]): [number, number] {
	return [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f];
}

function close(actual: readonly number[], expected: readonly number[]): void {
	expect(actual.length).toBe(expected.length);
	for (const [index, value] of actual.entries()) {
		expect(value).toBeCloseTo(expected[index] ?? Number.NaN, 9);
	}
}

describe('DOMMatrix2d', () => {
	it('starts as the identity, or from six numbers', () => {
		const identity = new DOMMatrix2d() as Matrix & {isIdentity: boolean};
		expect(identity.isIdentity).toBe(true);
		close(apply(new DOMMatrix2d([2, 0, 0, 3, 5, 7]) as Matrix, [1, 1]), [7, 10]);
		close(apply(new DOMMatrix2d(new Float32Array([2, 0, 0, 3, 5, 7])) as Matrix, [1, 1]), [7, 10]);
	});

	it('scales then translates in the order DOMMatrix does (the later step applies first)', () => {
		// pdf.js's Type3 glyph paths: scaleSelf(1/w, -1/h).translateSelf(0, -h).
		const m = new DOMMatrix2d().scaleSelf(1 / 4, -1 / 2).translateSelf(0, -2) as Matrix;
		close(apply(m, [4, 0]), [1, 1]);
		close(apply(m, [0, 2]), [0, 0]);
	});

	it('multiplies on either side and inverts', () => {
		const rotate = [0, 1, -1, 0, 0, 0];
		const shift = [1, 0, 0, 1, 10, 20];
		// this × other: other applies first.
		close(apply(new DOMMatrix2d(rotate).multiplySelf(shift) as Matrix, [1, 0]), [-20, 11]);
		// other × this: this applies first.
		close(apply(new DOMMatrix2d(rotate).preMultiplySelf(new DOMMatrix2d(shift)) as Matrix, [1, 0]), [10, 21]);
		const m = new DOMMatrix2d([2, 1, 1, 3, 4, 5]);
		const back = m.multiply(m.inverse()) as Matrix;
		close([back.a, back.b, back.c, back.d, back.e, back.f], [1, 0, 0, 1, 0, 0]);
		const singular = new DOMMatrix2d([1, 2, 2, 4, 0, 0]).invertSelf() as Matrix;
		expect(singular.a).toBeNaN();
	});
});
