import {
  toJsonSchema,
  type ConversionConfig,
  type JsonSchema,
  type OverrideActionContext,
  type OverrideSchemaContext,
} from '@valibot/to-json-schema'
import * as v from 'valibot'
import { jsonSamples, rulesInCode, type RuleInCode } from './rules-in-code.ts'

/**
 * Valibot schemas as JSON Schema 2020-12 (`@valibot/to-json-schema`): requests as the server reads
 * them (`input`, up to the first transformation) and answers as it writes them (`output`).
 *
 * What the converter cannot say is handled here, openly: a `lazy` schema is written out as the
 * shapes its getter picks by JSON type, a record keyed by a picklist gets `propertyNames`, a
 * `trim` is said and several regular expressions are combined, and a check in code (`check`,
 * `rawCheck`) is said in the schema's description (rules-in-code.ts finds each with its path).
 * Anything else the converter cannot convert stops the document from being made.
 */
export type Direction = 'input' | 'output'

type Schema = v.GenericSchema

type Node = OverrideSchemaContext['valibotSchema']

function isLazy(schema: Node): schema is v.LazySchema<Schema> {
  return schema.type === 'lazy'
}

function isRecord(
  schema: Node,
): schema is v.RecordSchema<v.GenericSchema<string>, Schema, undefined> {
  return schema.type === 'record'
}

/** The string options of a picklist or enum schema, or undefined for another schema. */
function optionsOf(schema: Schema): string[] | undefined {
  if (!('options' in schema) || !Array.isArray(schema.options)) return undefined
  const options: unknown[] = schema.options
  return options.every((option) => typeof option === 'string') ? options : undefined
}

/** Appends a sentence to a schema's description. */
function describe(schema: JsonSchema, sentence: string): JsonSchema {
  const description = schema.description ? `${schema.description} ${sentence}` : sentence
  return { ...schema, description }
}

function hasEntries(schema: Node): schema is Node & { entries: v.ObjectEntries } {
  return 'entries' in schema && typeof schema.entries === 'object' && schema.entries !== null
}

/**
 * An entry left out is read as its default, and its rules then run on that: an entry whose rules
 * refuse its own default (a `customerId` of 0, "no customer chosen") cannot be left out. The
 * document says it is required and shows no default that no request may have.
 */
function requiredByRefusedDefault(schema: Node, jsonSchema: JsonSchema): JsonSchema | undefined {
  if (!hasEntries(schema) || jsonSchema.properties === undefined) return undefined
  const refused = Object.entries(schema.entries)
    .filter(([, entry]) => 'default' in entry && entry.default !== undefined)
    .filter(([, entry]) => !v.safeParse(entry, undefined).success)
    .map(([key]) => key)
  if (refused.length === 0) return undefined
  const properties = { ...jsonSchema.properties }
  for (const key of refused) {
    const property = properties[key]
    if (typeof property !== 'object') continue
    const { default: _refused, ...rest } = property
    properties[key] = rest
  }
  const required = Object.keys(schema.entries).filter(
    (key) => refused.includes(key) || jsonSchema.required?.includes(key),
  )
  return { ...jsonSchema, properties, required }
}

function converterFor(direction: Direction) {
  function lazyShapes(schema: Node): JsonSchema | undefined {
    if (!isLazy(schema)) return undefined
    const shapes = [...new Set(jsonSamples.map((sample) => schema.getter(sample)))]
    return { oneOf: shapes.map((shape) => convert(shape)) }
  }

  function recordByPicklist(schema: Node): JsonSchema | undefined {
    if (!isRecord(schema)) return undefined
    const keys = optionsOf(schema.key)
    if (!keys) return undefined
    return {
      type: 'object',
      propertyNames: { enum: keys },
      additionalProperties: convert(schema.value),
    }
  }

  function overrideSchema(context: OverrideSchemaContext): JsonSchema | undefined {
    const written =
      lazyShapes(context.valibotSchema) ??
      recordByPicklist(context.valibotSchema) ??
      requiredByRefusedDefault(context.valibotSchema, context.jsonSchema)
    return written
  }

  function overrideAction(context: OverrideActionContext): JsonSchema | undefined {
    const { valibotAction: action, jsonSchema } = context
    if (action.type === 'trim') {
      if (direction === 'output') return jsonSchema
      return describe(jsonSchema, 'Spaces around it are removed before the other rules apply.')
    }
    const pattern = 'requirement' in action ? action.requirement : undefined
    if (action.type === 'regex' && pattern instanceof RegExp) {
      // JSON Schema patterns are Unicode-aware (ECMA-262 with `u`): that flag changes nothing.
      if (pattern.flags === '' || pattern.flags === 'u') {
        if (jsonSchema.pattern === undefined) return { ...jsonSchema, pattern: pattern.source }
        return { ...jsonSchema, allOf: [...(jsonSchema.allOf ?? []), { pattern: pattern.source }] }
      }
    }
    if (!['check', 'raw_check'].includes(action.type)) return undefined
    const message =
      'message' in action && typeof action.message === 'string' ? action.message : undefined
    const refusal = message ? ` (refused as \`${message}\`)` : ''
    return describe(jsonSchema, `The server checks a further rule in code${refusal}.`)
  }

  const config: ConversionConfig = {
    target: 'draft-2020-12',
    typeMode: direction,
    // Whatever the overrides above do not handle stops the document from being made.
    errorMode: 'throw',
    overrideSchema,
    overrideAction,
  }

  /** The JSON Schema of a valibot schema, to embed in the document (no `$schema`, no `$defs`). */
  function convert(schema: Schema): JsonSchema {
    const { $schema: _dialect, $defs: definitions, ...converted } = toJsonSchema(schema, config)
    // A lazy schema leaves a definition behind even when written out; a reference to one would
    // point into the OpenAPI document, where it does not exist.
    if (definitions && JSON.stringify(converted).includes('"$ref"')) {
      throw new Error('a converted schema refers to a definition the document does not have')
    }
    return converted
  }

  return convert
}

export type Converted = { schema: JsonSchema; rules: RuleInCode[] }

/**
 * Converts a schema for requests (`input`) or answers (`output`), with the rules of it that the
 * JSON Schema cannot hold (rules-in-code.ts).
 */
export function createConverter() {
  const converters = { input: converterFor('input'), output: converterFor('output') }
  return (schema: Schema, direction: Direction): Converted => ({
    schema: converters[direction](schema),
    rules: rulesInCode(schema, direction),
  })
}
