/** `length` bytes of xorshift32 noise, the same every run: pictures no codec compresses well. */
export function noiseBytes(length: number): Buffer {
	const noise = Buffer.alloc(length);
	let state = 2_463_534_242;
	for (let index = 0; index < noise.length; index++) {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		noise[index] = state & 255;
	}

	return noise;
}
