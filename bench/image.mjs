/*
Scaling a 4000x3000 PNG for the model: lector's read() on images generated here, each run in a
fresh process. Run after `npm run build`: `node bench/image.mjs`.
Env: LECTOR_BENCH_RUNS (runs per image, default 7).

Two images, both 4000x3000 RGB: a screenshot-like one (flat panels and thin lines: its PNG is small
and stays PNG when scaled) and a photo-like one (a gradient with grain: its scaled PNG is over the
5 MB limit, so it goes on to JPEG). Each child times the first read() (which loads sharp) and a
second read() of the same file in the same process, and reports its peak RSS.
*/
import {spawnSync} from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {performance} from 'node:perf_hooks';
import {fileURLToPath} from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.env.LECTOR_BENCH_RUNS ?? 7);

if (process.argv[2] === '--child') {
	const file = process.argv[3];
	const {read} = await import('../dist/read/index.js');
	const time = async () => {
		const start = performance.now();
		const result = await read({path: file}, {cwd: path.dirname(file)});
		return {ms: performance.now() - start, result};
	};

	const cold = await time();
	const warm = await time();
	const image = cold.result.details.image;
	console.log(
		JSON.stringify({
			coldMs: cold.ms,
			warmMs: warm.ms,
			// Kilobytes, per the Node.js docs of process.resourceUsage().
			maxRssKb: process.resourceUsage().maxRSS,
			isError: cold.result.isError,
			image,
		}),
	);
	process.exit(0);
}

if (!fs.existsSync(path.join(projectRoot, 'dist', 'read', 'index.js'))) {
	console.error('dist/read/index.js is missing: run `npm run build` first.');
	process.exit(1);
}

const {default: sharp} = await import('sharp');
const width = 4000;
const height = 3000;

function screenshotPixels() {
	const rgb = Buffer.alloc(width * height * 3, 246);
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			const at = (y * width + x) * 3;
			const sidebar = x < 600;
			const line = y % 48 < 3 && x > 700 && x < 700 + ((y * 37) % 2800);
			const value = sidebar ? 40 : line ? 90 : 246;
			rgb[at] = value;
			rgb[at + 1] = value;
			rgb[at + 2] = sidebar ? 60 : value;
		}
	}

	return rgb;
}

function photoPixels() {
	const rgb = Buffer.alloc(width * height * 3);
	let state = 2_463_534_242;
	for (let y = 0; y < height; y++) {
		for (let x = 0; x < width; x++) {
			state ^= state << 13;
			state ^= state >>> 17;
			state ^= state << 5;
			const grain = state & 15;
			const at = (y * width + x) * 3;
			rgb[at] = ((x * 255) / width + grain) & 255;
			rgb[at + 1] = ((y * 255) / height + grain) & 255;
			rgb[at + 2] = (((x + y) >> 4) + grain) & 255;
		}
	}

	return rgb;
}

const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lector-bench-image-'));
const cases = [];
for (const [name, pixels] of [
	['screenshot-like', screenshotPixels()],
	['photo-like', photoPixels()],
]) {
	const file = path.join(directory, `${name}.png`);
	await sharp(pixels, {raw: {width, height, channels: 3}})
		.png()
		.toFile(file);
	cases.push({name, file, bytes: fs.statSync(file).size});
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = Math.floor(sorted.length / 2);
	return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const kb = (bytes) => (bytes / 1024).toFixed(0);
const rows = [];
try {
	for (const benchCase of cases) {
		const samples = [];
		for (let run = 0; run < runs; run++) {
			const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', benchCase.file], {
				cwd: projectRoot,
				encoding: 'utf8',
				maxBuffer: 16 * 1024 * 1024,
			});
			if (child.status !== 0) {
				throw new Error(`child failed: ${child.stderr}`);
			}

			const sample = JSON.parse(child.stdout);
			if (sample.isError || sample.image?.undecodable !== undefined) {
				throw new Error(`read of ${benchCase.name} failed: ${child.stdout}`);
			}

			samples.push(sample);
		}

		const {image} = samples[0];
		rows.push(
			`| ${benchCase.name} PNG ${width}x${height} (${mb(benchCase.bytes)} MB) | ${image.sentWidth}x${image.sentHeight} ${image.mimeType}${image.quality ? ` q${image.quality}` : ''}, ${kb(image.sentBytes)} KB | ${median(samples.map((s) => s.coldMs)).toFixed(0)} | ${median(samples.map((s) => s.warmMs)).toFixed(0)} | ${(median(samples.map((s) => s.maxRssKb)) / 1024).toFixed(0)} |`,
		);
	}
} finally {
	fs.rmSync(directory, {recursive: true, force: true});
}

console.log(
	`Image scaling: lector read() on a generated PNG, median of ${runs} fresh processes (sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, Node ${process.versions.node}, ${os.cpus().length} CPUs).`,
);
console.log('');
console.log('| Image | Sent | First read ms (loads sharp) | Second read ms | Peak RSS MB |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const row of rows) {
	console.log(row);
}
