import { z } from 'zod';
import {
  HUB_METHOD_SCHEMAS,
  type HubMethodArgument,
  type HubMethodName,
  type HubMethodResult,
} from '@backlay/contract';
import type { HubCall, HubMethodTable } from './signalr/method-table';

/** A hub method's answer: its result, or why it refused (the Completion's error text). */
export type HubMethodAnswer<M extends HubMethodName> = { result: HubMethodResult<M> } | { error: string };

export type HubMethodHandler<S, M extends HubMethodName> = (
  call: HubCall<S>,
  argument: HubMethodArgument<M>,
) => Promise<HubMethodAnswer<M>>;

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(payload)'}: ${issue.message}`)
    .join('; ');
}

/**
 * Backlay's hub methods, typed by the contract (HUB_METHOD_SCHEMAS). A feature registers a
 * handler under a method name; the argument is parsed with the contract's schema before the
 * handler runs (a bad one answers an error Completion and the handler never sees it), and the
 * result is encoded with the contract's result schema on the way out.
 */
export class HubMethods<S> {
  constructor(private readonly table: HubMethodTable<S>) {}

  register<M extends HubMethodName>(name: M, handler: HubMethodHandler<S, M>): () => void {
    const { argument: argumentSchema, result: resultSchema } = HUB_METHOD_SCHEMAS[name];
    return this.table.register(name, async (call, args) => {
      // Every Backlay method takes one argument, as SignalR counts them.
      if (args.length !== 1) {
        return {
          error: `Invocation of '${name}' provides ${args.length} argument(s) but the method expects 1.`,
        };
      }
      const parsed = argumentSchema.safeParse(args[0]);
      if (!parsed.success) return { error: `Invalid payload for '${name}': ${describeIssues(parsed.error)}` };
      const answer = await handler(call, parsed.data);
      if ('error' in answer) return answer;
      return { result: z.encode(resultSchema, answer.result) };
    });
  }
}
