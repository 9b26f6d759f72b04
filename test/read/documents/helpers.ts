/** Shared helpers for the document tests: the fixtures folder, text of results, temp folders. */
import {mkdtempSync, rmSync} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {read} from '../../../source/read/index.js';
import type {ImageBlock, ReadLimits, ReadResult} from '../../../source/read/types.js';

/** The repository root: the engine's workspace in these tests. */
export const root = path.resolve(import.meta.dirname, '../../..');

/** Reads a file under fixtures/documents with the real engine. */
export async function readDocument(
	name: string,
	params: Record<string, unknown> = {},
	limits: Partial<ReadLimits> = {},
): Promise<ReadResult> {
	return read({path: `fixtures/documents/${name}`, ...params}, {cwd: root, limits});
}

/** The text blocks of a result, joined. */
export function textOf(result: ReadResult): string {
	return result.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n');
}

export function imagesOf(result: ReadResult): ImageBlock[] {
	return result.content.filter((block): block is ImageBlock => block.type === 'image');
}

/** A temporary folder, removed by the returned function. */
export function tempFolder(): {readonly dir: string; readonly remove: () => void} {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'lector-documents-'));
	return {dir, remove: () => rmSync(dir, {recursive: true, force: true})};
}
