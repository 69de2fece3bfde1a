import { z } from 'zod';

function unwrap(schema: z.ZodType): z.ZodType {
  if (
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable
  ) {
    return unwrap(schema.unwrap() as z.ZodType);
  }
  if (schema instanceof z.ZodPipe) return unwrap(schema.in as z.ZodType);
  return schema;
}

/** The schema that validates the value at `path` under `root`, unwrapped of defaults and optionals. */
function schemaAt(root: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let schema: z.ZodType | undefined = unwrap(root);
  for (const segment of path) {
    if (schema instanceof z.ZodObject) schema = (schema.shape as Record<string, z.ZodType>)[String(segment)];
    else if (schema instanceof z.ZodArray) schema = schema.element as z.ZodType;
    else if (schema instanceof z.ZodRecord) schema = schema.valueType as z.ZodType;
    else return undefined;
    if (schema === undefined) return undefined;
    schema = unwrap(schema);
  }
  return schema;
}

/** The keys an object schema at `path` accepts (empty when there is no object there). */
export function knownKeysAt(root: z.ZodType, path: readonly PropertyKey[]): string[] {
  const schema = schemaAt(root, path);
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}
