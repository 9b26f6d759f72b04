/** Content blocks from logs: checked one by one, unknown kinds summarised as text so nothing vanishes. */
import type {ContentBlock} from '../read/types.js';
import {isRecord, str} from './json.js';

/**
Blocks of the shapes lector knows: `{type:'text',text}` and `{type:'image',data,mimeType}`, plus
Anthropic's `{type:'image',source:{data,media_type}}`, OpenAI's `input_text`/`output_text`, and a
bare string. Anything else becomes a one-line text placeholder.
*/
export function toContentBlocks(value: unknown): ContentBlock[] {
	if (typeof value === 'string') {
		return [{type: 'text', text: value}];
	}

	if (!Array.isArray(value)) {
		return [];
	}

	const blocks: ContentBlock[] = [];
	for (const item of value) {
		const block = toContentBlock(item);
		if (block !== undefined) {
			blocks.push(block);
		}
	}

	return blocks;
}

function toContentBlock(item: unknown): ContentBlock | undefined {
	if (typeof item === 'string') {
		return {type: 'text', text: item};
	}

	if (!isRecord(item)) {
		return undefined;
	}

	const type = str(item, 'type');
	const text = str(item, 'text');
	if ((type === 'text' || type === 'input_text' || type === 'output_text') && text !== undefined) {
		return {type: 'text', text};
	}

	if (type === 'image') {
		const source = isRecord(item['source']) ? item['source'] : undefined;
		const data = str(item, 'data') ?? str(source, 'data') ?? '';
		const mimeType = str(item, 'mimeType') ?? str(source, 'media_type') ?? 'image';
		return {type: 'image', data, mimeType};
	}

	if (type === 'input_image') {
		return {type: 'image', data: str(item, 'image_url') ?? '', mimeType: 'image'};
	}

	return {type: 'text', text: `[${type ?? 'unknown'} block]`};
}

/** The text of some blocks, joined by newlines; images are left out. */
export function blocksText(blocks: readonly ContentBlock[]): string {
	return blocks
		.filter((block) => block.type === 'text')
		.map((block) => (block.type === 'text' ? block.text : ''))
		.join('\n');
}
