import type { FormSchema } from '@/lib/validation/rules';
import { useFormState, type FormValidation } from '@/lib/validation/use-form-state';
import { validateForm } from '@/lib/validation/validate';

export type { FieldProps, FormValidation } from '@/lib/validation/use-form-state';

/** Form state plus validation with every rule kind (see use-form-state.ts for how errors show). */
export function useFormValidation<V extends Record<string, unknown>>(schema: FormSchema<V>, initialValues: V): FormValidation<V> {
  return useFormState(schema, initialValues, validateForm);
}
