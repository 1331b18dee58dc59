import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** SPEC §7: 'public' calls need no auth; 'portfolios' calls carry the bearer identity token. */
export type EndpointGroup = 'public' | 'portfolios';

/**
 * One definition per HTTP call. The server validates and serialises with it and generates OpenAPI from it;
 * the web client takes its request and response types from it. `path` is relative to the `/api` prefix and
 * uses `:name` placeholders.
 */
export interface RouteContract {
  method: HttpMethod;
  path: string;
  group: EndpointGroup;
  summary: string;
  tags: readonly string[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** HTTP status of the success response; 200 unless stated. */
  status?: number;
  response: z.ZodType;
}

export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

type Field<C, K extends string> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;

export type ResponseOf<C extends RouteContract> = z.output<C['response']>;
export type QueryOf<C extends RouteContract> =
  Field<C, 'query'> extends z.ZodType ? z.input<Field<C, 'query'>> : undefined;
export type BodyOf<C extends RouteContract> =
  Field<C, 'body'> extends z.ZodType ? z.input<Field<C, 'body'>> : undefined;
export type ParamsOf<C extends RouteContract> =
  Field<C, 'params'> extends z.ZodType ? z.input<Field<C, 'params'>> : undefined;

/** Fills `:name` placeholders, encoding each value: `toPath('/core/users/:id', { id: 'a b' })`. */
export function toPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter '${name}' for ${path}`);
    return encodeURIComponent(String(value));
  });
}
