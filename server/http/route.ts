import * as v from 'valibot'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { Endpoint } from '#contract/endpoint.ts'
import { dataEnvelope } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import { signedInGuard, type PublicEndpoint, type SignedInEndpoint } from '../auth/middleware.ts'
import type { AppDeps, AppEnv, UserEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'
import { refuseOlderApps } from './min-app-version.ts'
import { readJson, validate } from './validate.ts'

type Part = 'params' | 'query' | 'body'
/** What a part of the request is once its schema has read it; `undefined` when it has none. */
type Parsed<E, K extends Part> = E extends { [P in K]: infer S extends v.GenericSchema }
  ? v.InferOutput<S>
  : undefined

/** A request's params, query and body, validated by its endpoint's schemas. */
export type Input<E extends Endpoint> = {
  params: Parsed<E, 'params'>
  query: Parsed<E, 'query'>
  body: Parsed<E, 'body'>
}

type Handler<Env extends AppEnv, E extends Endpoint> = (
  c: Context<Env>,
  input: Input<E>,
) => Response | Promise<Response>

type Options<Env extends AppEnv, E extends Endpoint> = {
  /** Run before the guard (a count of every refusal, the guard's too). */
  before?: MiddlewareHandler<AppEnv>
  /**
   * The server's own rules for the body, on top of the entry's (they need its configuration or
   * the request's language); what they read is what the entry's schema reads.
   */
  body?: (c: Context<Env>) => v.GenericSchema<unknown, Parsed<E, 'body'>>
}

/** The answer to params that do not parse (`/store/abc`): the endpoint's own "not found". */
function notFound(endpoint: Endpoint): HttpError {
  const [first] = endpoint.errors?.[404] ?? []
  return new HttpError(404, (first ?? messages.notFound).id)
}

/**
 * Reads the request with the endpoint's schemas: params (404 when they do not parse), query and
 * body (400 with `invalidFields`). The declared signature types each part by its schema, which
 * is what read it.
 */
async function readInput<E extends Endpoint>(
  c: Context,
  endpoint: E,
  body: v.GenericSchema | undefined,
): Promise<Input<E>>
async function readInput(
  c: Context,
  endpoint: Endpoint,
  body: v.GenericSchema | undefined,
): Promise<Record<Part, unknown>> {
  let params: unknown
  if (endpoint.params) {
    const parsed = v.safeParse(endpoint.params, c.req.param())
    if (!parsed.success) throw notFound(endpoint)
    params = parsed.output
  }
  const query = endpoint.query ? validate(endpoint.query, c.req.query()) : undefined
  const bodySchema = body ?? endpoint.body
  return { params, query, body: bodySchema ? validate(bodySchema, await readJson(c)) : undefined }
}

/**
 * Whether an answer is what the endpoint says it answers: checked in development and tests, never
 * in production (where it would cost every answer a second parse). A mismatch is the code's
 * mistake: a 500 that names the endpoint and the first difference.
 */
async function checkAnswer(endpoint: Endpoint, response: Response): Promise<void> {
  const { answer } = endpoint
  if (!response.ok || 'file' in answer) return
  const parsed = v.safeParse(dataEnvelope(answer), await response.clone().json())
  if (parsed.success) return
  const [issue] = parsed.issues
  const where = v.getDotPath(issue) ?? 'the answer'
  throw new Error(`${endpoint.method} ${endpoint.path} answered ${where}: ${issue.message}`)
}

/**
 * The API's routes, each registered from its endpoint's entry (src/contract/endpoints/): its
 * method and path, its guard, and its params, query and body validated before the handler gets
 * them. `public` takes the endpoints anyone may call, `signedIn` the others (the handler's
 * context then has the user).
 */
export function apiRoutes(deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'tasks'>) {
  const app = new Hono<AppEnv>()
  const checks = !deps.config.production

  function register<Env extends AppEnv, E extends Endpoint>(
    endpoint: E,
    handler: Handler<Env, E>,
    options: Options<Env, E>,
    guard: MiddlewareHandler<Env>,
  ) {
    const handle = async (c: Context<Env>) => {
      const input = await readInput(c, endpoint, options.body?.(c))
      const response = await handler(c, input)
      if (checks) await checkAnswer(endpoint, response)
      return response
    }
    const before: MiddlewareHandler<AppEnv> = options.before ?? ((_c, next) => next())
    const version = refuseOlderApps(endpoint, deps.config.minAppVersion)
    if (endpoint.method === 'GET') app.get(endpoint.path, version, before, guard, handle)
    else app.post(endpoint.path, version, before, guard, handle)
  }

  const routes = {
    app,
    public<E extends PublicEndpoint>(
      endpoint: E,
      handler: Handler<AppEnv, NoInfer<E>>,
      options: Options<AppEnv, NoInfer<E>> = {},
    ) {
      register<AppEnv, E>(endpoint, handler, options, (_c, next) => next())
      return routes
    },
    signedIn<E extends SignedInEndpoint>(
      endpoint: E,
      handler: Handler<UserEnv, NoInfer<E>>,
      options: Options<UserEnv, NoInfer<E>> = {},
    ) {
      register<UserEnv, E>(endpoint, handler, options, signedInGuard(deps, endpoint))
      return routes
    },
  }
  return routes
}

export type ApiRoutes = ReturnType<typeof apiRoutes>
