/*
A 2D DOMMatrix for pdf.js in node, where there is none. pdf.js builds one when it loads (and in a few
drawing paths) and otherwise takes it from @napi-rs/canvas, a 32 MB binary lector does not ship: it only
takes text, which needs no canvas. Plain JavaScript beside extract-worker.js, for the same reason.
Only the 2D affine part (a-f) that pdf.js uses: [a c e; b d f; 0 0 1].
*/
export class DOMMatrix2d {
	constructor(init) {
		const [a, b, c, d, e, f] = Array.isArray(init) || ArrayBuffer.isView(init) ? init : [1, 0, 0, 1, 0, 0];
		Object.assign(this, {a, b, c, d, e, f});
	}

	get is2D() {
		return true;
	}

	get isIdentity() {
		return this.a === 1 && this.b === 0 && this.c === 0 && this.d === 1 && this.e === 0 && this.f === 0;
	}

	/** this = this × other. */
	multiplySelf(other) {
		const m = other instanceof DOMMatrix2d ? other : new DOMMatrix2d(other);
		const {a, b, c, d, e, f} = this;
		this.a = a * m.a + c * m.b;
		this.b = b * m.a + d * m.b;
		this.c = a * m.c + c * m.d;
		this.d = b * m.c + d * m.d;
		this.e = a * m.e + c * m.f + e;
		this.f = b * m.e + d * m.f + f;
		return this;
	}

	/** this = other × this. */
	preMultiplySelf(other) {
		const m =
			other instanceof DOMMatrix2d
				? new DOMMatrix2d([other.a, other.b, other.c, other.d, other.e, other.f])
				: new DOMMatrix2d(other);
		const product = m.multiplySelf(this);
		Object.assign(this, {a: product.a, b: product.b, c: product.c, d: product.d, e: product.e, f: product.f});
		return this;
	}

	translateSelf(x = 0, y = 0) {
		return this.multiplySelf(new DOMMatrix2d([1, 0, 0, 1, x, y]));
	}

	scaleSelf(x = 1, y = x) {
		return this.multiplySelf(new DOMMatrix2d([x, 0, 0, y, 0, 0]));
	}

	invertSelf() {
		const {a, b, c, d, e, f} = this;
		const determinant = a * d - b * c;
		if (determinant === 0) {
			Object.assign(this, {
				a: Number.NaN,
				b: Number.NaN,
				c: Number.NaN,
				d: Number.NaN,
				e: Number.NaN,
				f: Number.NaN,
			});
			return this;
		}

		Object.assign(this, {
			a: d / determinant,
			b: -b / determinant,
			c: -c / determinant,
			d: a / determinant,
			e: (c * f - d * e) / determinant,
			f: (b * e - a * f) / determinant,
		});
		return this;
	}

	multiply(other) {
		return this.copy().multiplySelf(other);
	}

	translate(x, y) {
		return this.copy().translateSelf(x, y);
	}

	scale(x, y) {
		return this.copy().scaleSelf(x, y);
	}

	inverse() {
		return this.copy().invertSelf();
	}

	copy() {
		return new DOMMatrix2d([this.a, this.b, this.c, this.d, this.e, this.f]);
	}
}
