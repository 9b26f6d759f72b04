import {execFileSync} from 'node:child_process';
import {
	chmodSync,
	closeSync,
	ftruncateSync,
	mkdirSync,
	openSync,
	symlinkSync,
	truncateSync,
	writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {type ReadResult, read} from '../../source/read/index.js';
import {makeTempDir} from '../helpers/temp-dir.js';

const workspace = makeTempDir();

function text(result: ReadResult): string {
	const [first] = result.content;
	return first?.type === 'text' ? first.text : '';
}

async function timed(run: () => Promise<ReadResult>): Promise<{result: ReadResult; ms: number}> {
	const start = performance.now();
	const result = await run();
	return {result, ms: performance.now() - start};
}

describe('guards before reading', () => {
	it('refuses an empty path with a hint', async () => {
		const result = await read({path: '  '}, {cwd: workspace});
		expect(result.isError).toBe(true);
		expect(result.details.errorCode).toBe('empty-path');
		expect(text(result)).toContain('path="src/index.ts"');
	});

	it('refuses a directory and lists a few entries', async () => {
		const directory = path.join(workspace, 'folder');
		mkdirSync(path.join(directory, 'nested'), {recursive: true});
		writeFileSync(path.join(directory, 'a.ts'), 'x');
		const result = await read({path: 'folder'}, {cwd: workspace});
		expect(result.details.errorCode).toBe('is-directory');
		expect(text(result)).toContain('folder is a directory');
		expect(text(result)).toContain(path.join('folder', 'a.ts'));
		expect(text(result)).toContain(path.join('folder', 'nested/'));
	});

	it('answers a FIFO at once, with no writer', async () => {
		const fifo = path.join(workspace, 'pipe');
		execFileSync('mkfifo', [fifo]);
		const {result, ms} = await timed(() => read({path: fifo}, {cwd: workspace}));
		expect(result.details.errorCode).toBe('special-file');
		expect(text(result)).toContain('named pipe');
		expect(ms).toBeLessThan(500);
	});

	it.each(['/dev/zero', '/dev/null', '/dev/urandom'])('refuses the device %s at once', async (device) => {
		const {result, ms} = await timed(() => read({path: device}));
		expect(result.details.errorCode).toBe('special-file');
		expect(text(result)).toContain('character device');
		expect(ms).toBeLessThan(500);
	});

	it('refuses /dev/stdin and /proc/self/fd/0 whatever stdin is', async () => {
		for (const device of ['/dev/stdin', '/proc/self/fd/0']) {
			const {result, ms} = await timed(() => read({path: device}));
			// Under a test runner stdin may be a pipe, a terminal or /dev/null: never a regular file to stream.
			if (result.isError) {
				expect(result.details.errorCode).toMatch(/special-file|not-found/);
			}

			expect(ms).toBeLessThan(500);
		}
	});

	it('reads a /proc file that reports size 0, within a bound', async () => {
		const result = await read({path: '/proc/self/status'});
		expect(result.isError).toBe(false);
		expect(result.details.size).toBe(0);
		expect(result.details.lines.some((line) => line.startsWith('Name:'))).toBe(true);
	});

	it('refuses a sparse multi-GB file as binary at once', async () => {
		const sparse = path.join(workspace, 'sparse.img');
		const descriptor = openSync(sparse, 'w');
		ftruncateSync(descriptor, 4 * 1024 ** 3);
		closeSync(descriptor);
		const {result, ms} = await timed(() => read({path: sparse}, {cwd: workspace}));
		expect(result.details.errorCode).toBe('binary');
		expect(text(result)).toContain('4 GB');
		expect(ms).toBeLessThan(1000);
	});

	it('refuses a document too large to hold whole, with advice, at once', async () => {
		const huge = path.join(workspace, 'huge.pdf');
		writeFileSync(huge, '%PDF-1.7\n');
		truncateSync(huge, 300 * 1024 * 1024);
		const {result, ms} = await timed(() => read({path: huge}, {cwd: workspace}));
		expect(result.details.errorCode).toBe('document-error');
		expect(text(result)).toContain('300 MB pdf file');
		expect(text(result)).toContain('pdftotext');
		expect(ms).toBeLessThan(1000);
	});

	it('refuses a large damaged PDF at once instead of letting pdf.js rebuild it', async () => {
		const damaged = path.join(workspace, 'cut.pdf');
		writeFileSync(damaged, '%PDF-1.7\n');
		truncateSync(damaged, 20 * 1024 * 1024);
		const {result, ms} = await timed(() => read({path: damaged}, {cwd: workspace}));
		expect(result.details.errorCode).toBe('document-error');
		expect(text(result)).toContain('no end-of-file trailer');
		expect(ms).toBeLessThan(1000);
	});

	it('refuses binary content by its bytes, naming the kind and an alternative', async () => {
		const elf = path.join(workspace, 'libthing.so');
		writeFileSync(elf, Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(64)]));
		const png = path.join(workspace, 'renamed.txt');
		writeFileSync(png, Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
		const elfResult = await read({path: elf});
		expect(elfResult.details.errorCode).toBe('binary');
		expect(text(elfResult)).toContain('ELF');
		expect(text(elfResult)).toContain('readelf');
		const pngResult = await read({path: png});
		expect(text(pngResult)).toContain('PNG image');
	});

	it('names binary content once: the kind when known, its size, then the advice', async () => {
		const noise = path.join(workspace, 'rand.bin');
		writeFileSync(noise, Buffer.from(Array.from({length: 2048}, (_, index) => (index * 37) % 32)));
		expect(text(await read({path: noise}, {cwd: workspace}))).toBe(
			'rand.bin is binary (2 KB), not text. Inspect it with a shell command such as `file`, `xxd | head` or `strings`, or with a tool made for its format.',
		);
		const zip = path.join(workspace, 'a.zip');
		writeFileSync(zip, Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(109)]));
		expect(text(await read({path: zip}, {cwd: workspace}))).toBe(
			'a.zip is a ZIP archive (113 bytes), not text. List its contents with a shell command such as `unzip -l` (.xlsx and .jar files are ZIPs too).',
		);
	});

	it('reads UTF-8 text in any script, and text named like a binary when it is valid text', async () => {
		const chinese = path.join(workspace, 'notes.md');
		writeFileSync(chinese, '读取文件的工具\n絵文字 🎉\nΕλληνικά\n');
		const result = await read({path: chinese});
		expect(result.isError).toBe(false);
		expect(result.details.lines).toEqual(['读取文件的工具', '絵文字 🎉', 'Ελληνικά']);
	});

	it('refuses a file named as binary whose bytes are not UTF-8', async () => {
		const object = path.join(workspace, 'thing.o');
		writeFileSync(object, Buffer.from([0xcf, 0xfa, 0xed, 0xfe, 0x07, 0x80, 0x41, 0x42]));
		const result = await read({path: object});
		expect(result.details.errorCode).toBe('binary');
		expect(text(result)).toContain('object file');
	});

	it('reads notebooks as documents (an empty one is a reminder, not a refusal)', async () => {
		const notebook = path.join(workspace, 'analysis.ipynb');
		writeFileSync(notebook, '{"cells": []}');
		const result = await read({path: notebook});
		expect(result.isError).toBe(false);
		expect(result.details.document).toBe('ipynb');
		expect(text(result)).toBe('[The notebook has no cells.]');
	});

	it('explains a missing file with the working folder and near misses', async () => {
		writeFileSync(path.join(workspace, 'utils.ts'), 'export {};\n');
		const result = await read({path: 'util.ts'}, {cwd: workspace});
		expect(result.details.errorCode).toBe('not-found');
		expect(text(result)).toContain(`The working folder is ${workspace}`);
		expect(text(result)).toContain('Did you mean utils.ts?');
	});

	it('says when the folder itself is missing', async () => {
		const result = await read({path: 'no/such/file.ts'}, {cwd: workspace});
		expect(text(result)).toContain('The folder no does not exist either.');
	});

	it('denies paths matched by .lectorignore, naming the rule file', async () => {
		const root = path.join(workspace, 'ignoring');
		mkdirSync(root);
		writeFileSync(path.join(root, '.lectorignore'), '*.secret\n');
		writeFileSync(path.join(root, 'api.secret'), 'token\n');
		const result = await read({path: 'api.secret'}, {cwd: root});
		expect(result.details.errorCode).toBe('ignored');
		expect(text(result)).toContain('.lectorignore');
		expect(text(result)).not.toContain('token');
	});

	it('confines reads to the workspace after resolving symlinks', async () => {
		const root = path.join(workspace, 'confined');
		mkdirSync(root);
		writeFileSync(path.join(workspace, 'outside.txt'), 'secret\n');
		symlinkSync(path.join(workspace, 'outside.txt'), path.join(root, 'link.txt'));
		const viaLink = await read({path: 'link.txt'}, {cwd: root, confine: true});
		expect(viaLink.details.errorCode).toBe('outside-workspace');
		const unconfined = await read({path: 'link.txt'}, {cwd: root});
		expect(unconfined.details.lines).toEqual(['secret']);
	});

	it('reports a file without read permission', async () => {
		const locked = path.join(workspace, 'locked.txt');
		writeFileSync(locked, 'private\n');
		chmodSync(locked, 0o000);
		if (process.getuid?.() !== 0) {
			const result = await read({path: locked});
			expect(result.details.errorCode).toBe('permission-denied');
			return;
		}

		// Root reads anything: drop to nobody in a child process running the built engine.
		chmodSync(workspace, 0o755);
		const script = `process.setgid(65534); process.setuid(65534);
			const {read} = await import(${JSON.stringify(path.resolve('dist/read/index.js'))});
			const result = await read({path: ${JSON.stringify(locked)}});
			console.log(JSON.stringify(result.details.errorCode));`;
		const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8'});
		expect(JSON.parse(output)).toBe('permission-denied');
	});

	it('stops promptly when aborted', async () => {
		const big = path.join(workspace, 'big.txt');
		writeFileSync(big, 'line of text\n'.repeat(200_000));
		const controller = new AbortController();
		controller.abort();
		const result = await read({path: big, offset: 150_000, limit: 10}, {signal: controller.signal});
		expect(result.details.errorCode).toBe('aborted');
	});

	it('resolves ~ and a leading @', async () => {
		writeFileSync(path.join(workspace, 'home-file.txt'), 'from home\n');
		const tilde = await read({path: '~/home-file.txt'}, {cwd: '/', home: workspace});
		expect(tilde.details.lines).toEqual(['from home']);
		const at = await read({path: '@home-file.txt'}, {cwd: workspace});
		expect(at.details.lines).toEqual(['from home']);
	});
});
