/**
 * Wire encoders for the scripted model server: the response shapes of the Anthropic Messages API
 * (JSON and SSE) and the OpenAI Chat Completions API (JSON and SSE chunks), as the official SDKs
 * parse them.
 */
export interface ReplyUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

type Body = Record<string, unknown>;

export type WireReply = {
  usage: Partial<ReplyUsage>;
  model: string /** No usage field anywhere in the reply. */;
  omitUsage?: boolean;
} & (
  | { kind: 'text'; text: string; stopReason?: string | undefined }
  | { kind: 'tool'; name: string; input: unknown; id?: string | undefined; text?: string | undefined }
  | { kind: 'json'; value: unknown }
);

let idCounter = 0;
const nextId = (prefix: string): string => `${prefix}_${(++idCounter).toString(36).padStart(8, '0')}`;

/** Deterministic token estimate (~4 characters a token) so usage depends only on content. */
const estimateTokens = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

function usageOf(reply: WireReply, body: Body, outputText: string): ReplyUsage {
  return {
    input: reply.usage.input ?? estimateTokens([body.system, body.messages]),
    output: reply.usage.output ?? estimateTokens(outputText),
    cacheRead: reply.usage.cacheRead ?? 0,
    cacheWrite: reply.usage.cacheWrite ?? 0,
  };
}

/** The tool an Anthropic request forces (`tool_choice: {type:'tool', name}`), if any. */
function forcedAnthropicTool(body: Body): string | undefined {
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  if (choice?.type === 'tool' && typeof choice.name === 'string') return choice.name;
  const tools = body.tools as { name?: string }[] | undefined;
  if (choice?.type === 'any' && tools?.length === 1) return tools[0]?.name;
  return undefined;
}

type AnthropicBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };

function anthropicBlocks(
  reply: WireReply,
  body: Body,
): { blocks: AnthropicBlock[]; stopReason: string; outputText: string } {
  if (reply.kind === 'text') {
    return {
      blocks: [{ type: 'text', text: reply.text }],
      stopReason: reply.stopReason ?? 'end_turn',
      outputText: reply.text,
    };
  }
  const forced = reply.kind === 'json' ? forcedAnthropicTool(body) : undefined;
  if (reply.kind === 'json' && forced === undefined) {
    const text = JSON.stringify(reply.value);
    return { blocks: [{ type: 'text', text }], stopReason: 'end_turn', outputText: text };
  }
  const name = reply.kind === 'tool' ? reply.name : (forced as string);
  const input = reply.kind === 'tool' ? reply.input : reply.value;
  const blocks: AnthropicBlock[] = [];
  if (reply.kind === 'tool' && reply.text) blocks.push({ type: 'text', text: reply.text });
  blocks.push({ type: 'tool_use', id: (reply.kind === 'tool' ? reply.id : undefined) ?? nextId('toolu'), name, input });
  return { blocks, stopReason: 'tool_use', outputText: JSON.stringify(input) };
}

function anthropicUsage(u: ReplyUsage): Body {
  return {
    input_tokens: u.input,
    output_tokens: u.output,
    cache_read_input_tokens: u.cacheRead,
    cache_creation_input_tokens: u.cacheWrite,
  };
}

export function encodeAnthropicJson(reply: WireReply, body: Body): Body {
  const { blocks, stopReason, outputText } = anthropicBlocks(reply, body);
  return {
    id: nextId('msg'),
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content: blocks,
    stop_reason: stopReason,
    stop_sequence: null,
    ...(reply.omitUsage ? {} : { usage: anthropicUsage(usageOf(reply, body, outputText)) }),
  };
}

const sse = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Split a string into a few pieces so clients must reassemble deltas. */
function pieces(text: string, count = 3): string[] {
  if (text.length <= count) return [text];
  const size = Math.ceil(text.length / count);
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export function encodeAnthropicSse(reply: WireReply, body: Body): string {
  const { blocks, stopReason, outputText } = anthropicBlocks(reply, body);
  const usage = usageOf(reply, body, outputText);
  let out = sse('message_start', {
    type: 'message_start',
    message: {
      id: nextId('msg'),
      type: 'message',
      role: 'assistant',
      model: reply.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      ...(reply.omitUsage ? {} : { usage: { ...anthropicUsage(usage), output_tokens: 1 } }),
    },
  });
  out += sse('ping', { type: 'ping' });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      for (const piece of pieces(block.text)) {
        out += sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'text_delta', text: piece },
        });
      }
    } else {
      out += sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} },
      });
      for (const piece of pieces(JSON.stringify(block.input))) {
        out += sse('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: piece },
        });
      }
    }
    out += sse('content_block_stop', { type: 'content_block_stop', index });
  });
  out += sse('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stopReason, stop_sequence: null },
    ...(reply.omitUsage
      ? {}
      : {
          usage: {
            output_tokens: usage.output,
            input_tokens: usage.input,
            cache_read_input_tokens: usage.cacheRead,
            cache_creation_input_tokens: usage.cacheWrite,
          },
        }),
  });
  out += sse('message_stop', { type: 'message_stop' });
  return out;
}

interface OpenAiMessage {
  content: string | null;
  toolCalls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  finish: 'stop' | 'tool_calls';
  outputText: string;
}

function openAiMessage(reply: WireReply): OpenAiMessage {
  if (reply.kind === 'text') return { content: reply.text, finish: 'stop', outputText: reply.text };
  if (reply.kind === 'json') {
    const text = JSON.stringify(reply.value);
    return { content: text, finish: 'stop', outputText: text };
  }
  const args = JSON.stringify(reply.input);
  return {
    content: reply.text ?? null,
    toolCalls: [{ id: reply.id ?? nextId('call'), type: 'function', function: { name: reply.name, arguments: args } }],
    finish: 'tool_calls',
    outputText: args,
  };
}

function openAiUsage(u: ReplyUsage): Body {
  // OpenAI counts cached tokens inside prompt_tokens; there is no cache-write figure.
  return {
    prompt_tokens: u.input + u.cacheRead,
    completion_tokens: u.output,
    total_tokens: u.input + u.cacheRead + u.output,
    prompt_tokens_details: { cached_tokens: u.cacheRead },
  };
}

export function encodeOpenAiJson(reply: WireReply, body: Body): Body {
  const message = openAiMessage(reply);
  return {
    id: nextId('chatcmpl'),
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: reply.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.content,
          refusal: null,
          ...(message.toolCalls ? { tool_calls: message.toolCalls } : {}),
        },
        finish_reason: message.finish,
        logprobs: null,
      },
    ],
    ...(reply.omitUsage ? {} : { usage: openAiUsage(usageOf(reply, body, message.outputText)) }),
  };
}

export function encodeOpenAiSse(reply: WireReply, body: Body): string {
  const message = openAiMessage(reply);
  const id = nextId('chatcmpl');
  const base = { id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: reply.model };
  const chunk = (delta: Body, finish: string | null): string =>
    `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
  let out = chunk({ role: 'assistant', content: '' }, null);
  if (message.content) for (const piece of pieces(message.content)) out += chunk({ content: piece }, null);
  message.toolCalls?.forEach((call, index) => {
    out += chunk(
      { tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] },
      null,
    );
    for (const piece of pieces(call.function.arguments))
      out += chunk({ tool_calls: [{ index, function: { arguments: piece } }] }, null);
  });
  out += chunk({}, message.finish);
  const options = body.stream_options as { include_usage?: boolean } | undefined;
  if (options?.include_usage && !reply.omitUsage) {
    out += `data: ${JSON.stringify({ ...base, choices: [], usage: openAiUsage(usageOf(reply, body, message.outputText)) })}\n\n`;
  }
  return `${out}data: [DONE]\n\n`;
}

export function errorBody(api: 'anthropic' | 'openai', status: number, message?: string): Body {
  const type =
    status === 429
      ? 'rate_limit_error'
      : status === 529
        ? 'overloaded_error'
        : status === 400
          ? 'invalid_request_error'
          : status === 401
            ? 'authentication_error'
            : status === 404
              ? 'not_found_error'
              : 'api_error';
  const text = message ?? `scripted ${status}`;
  return api === 'anthropic'
    ? { type: 'error', error: { type, message: text } }
    : { error: { message: text, type, code: null, param: null } };
}
