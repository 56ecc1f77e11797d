import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import type { FieldErrors, FieldValues, Resolver, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from './zod';

type Translate = (key: string) => string;

/** Every `message` of a (nested) errors object, translated: the schemas' messages are keys of a namespace. */
function translateErrors<T extends FieldValues>(errors: FieldErrors<T>, t: Translate): FieldErrors<T> {
  const walk = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      // `ref` is the field's element: kept as it is.
      copy[key] =
        key === 'message' && typeof value === 'string' ? t(value) : key === 'ref' ? value : walk(value);
    }
    return copy;
  };
  return walk(errors) as FieldErrors<T>;
}

/**
 * zodResolver for a schema whose messages are i18n keys of `namespace`: the form shows them in the shopper's
 * language, and a language change while errors show re-checks the form so they follow.
 */
export function useTranslatedZodResolver<TSchema extends z.ZodType<unknown, FieldValues>>(
  schema: TSchema,
  namespace: string,
): Resolver<z.input<TSchema> & FieldValues, unknown, z.output<TSchema>> {
  const { t } = useTranslation(namespace);
  return useMemo(() => {
    const resolve = zodResolver(schema) as unknown as Resolver<
      z.input<TSchema> & FieldValues,
      unknown,
      z.output<TSchema>
    >;
    return async (values, context, options) => {
      const result = await resolve(values, context, options);
      return { ...result, errors: translateErrors(result.errors, t) } as typeof result;
    };
  }, [schema, t]);
}

/** Re-checks a submitted form when the language changes, so its error texts are shown in the new language. */
export function useRevalidateOnLanguageChange<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'trigger' | 'formState'>,
): void {
  const { i18n } = useTranslation();
  const { trigger, formState } = form;
  const submitted = formState.isSubmitted;
  const language = i18n.language;
  const shownIn = useRef(language);
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    if (submitted) void trigger();
  }, [language, submitted, trigger]);
}
