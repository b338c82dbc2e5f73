/**
 * The default form-validation texts (spec §5: the component set's required / enum / whitespace / type /
 * length / number / array size / pattern / date messages), phrased for people. Every message receives
 * the field's translated {label}; bounds arrive as numbers so they are formatted for the locale.
 */
import { defineMessages, type MessageValue } from 'react-intl';
import { basicValidationMessages } from '@/i18n/basic-validation-messages';

const otherValidationMessages = defineMessages<{
  readonly whitespace: { readonly label: MessageValue };
  readonly enum: { readonly label: MessageValue; readonly options: MessageValue };
  readonly pattern: { readonly label: MessageValue };
  readonly date: { readonly label: MessageValue };
  readonly typeString: { readonly label: MessageValue };
  readonly typeNumber: { readonly label: MessageValue };
  readonly typeInteger: { readonly label: MessageValue };
  readonly typeBoolean: { readonly label: MessageValue };
  readonly typeArray: { readonly label: MessageValue };
  readonly typeObject: { readonly label: MessageValue };
  readonly typeDate: { readonly label: MessageValue };
  readonly typeUrl: { readonly label: MessageValue };
  readonly typeHex: { readonly label: MessageValue };
  readonly lengthEqual: { readonly equal: number | bigint; readonly label: MessageValue };
  readonly lengthMin: { readonly label: MessageValue; readonly min: number | bigint };
  readonly lengthMax: { readonly label: MessageValue; readonly max: number | bigint };
  readonly lengthRange: { readonly label: MessageValue; readonly max: number | bigint; readonly min: number | bigint };
  readonly numberEqual: { readonly equal: number | bigint; readonly label: MessageValue };
  readonly numberMin: { readonly label: MessageValue; readonly min: number | bigint };
  readonly numberMax: { readonly label: MessageValue; readonly max: number | bigint };
  readonly numberRange: { readonly label: MessageValue; readonly max: number | bigint; readonly min: number | bigint };
  readonly sizeEqual: { readonly equal: number | bigint; readonly label: MessageValue };
  readonly sizeMin: { readonly label: MessageValue; readonly min: number | bigint };
  readonly sizeMax: { readonly label: MessageValue; readonly max: number | bigint };
  readonly sizeRange: { readonly label: MessageValue; readonly max: number | bigint; readonly min: number | bigint };
}>({
  whitespace: { id: 'validation.whitespace', defaultMessage: '{label} cannot be blank' },
  enum: { id: 'validation.enum', defaultMessage: '{label} must be one of: {options}' },
  pattern: { id: 'validation.pattern', defaultMessage: '{label} does not match the expected format' },
  date: { id: 'validation.date', defaultMessage: '{label} is not a valid date' },

  typeString: { id: 'validation.typeString', defaultMessage: '{label} must be text' },
  typeNumber: { id: 'validation.typeNumber', defaultMessage: '{label} must be a number' },
  typeInteger: { id: 'validation.typeInteger', defaultMessage: '{label} must be a whole number' },
  typeBoolean: { id: 'validation.typeBoolean', defaultMessage: '{label} must be yes or no' },
  typeArray: { id: 'validation.typeArray', defaultMessage: '{label} must be a list' },
  typeObject: { id: 'validation.typeObject', defaultMessage: '{label} must be a group of values' },
  typeDate: { id: 'validation.typeDate', defaultMessage: '{label} must be a date' },
  typeUrl: { id: 'validation.typeUrl', defaultMessage: '{label} must be a valid web address' },
  typeHex: { id: 'validation.typeHex', defaultMessage: '{label} must be a hexadecimal colour' },

  lengthEqual: {
    id: 'validation.lengthEqual',
    defaultMessage: '{label} must be exactly {equal, plural, one {# character} other {# characters}}',
  },
  lengthMin: {
    id: 'validation.lengthMin',
    defaultMessage: '{label} must be at least {min, plural, one {# character} other {# characters}}',
  },
  lengthMax: {
    id: 'validation.lengthMax',
    defaultMessage: '{label} cannot be longer than {max, plural, one {# character} other {# characters}}',
  },
  lengthRange: {
    id: 'validation.lengthRange',
    defaultMessage: '{label} must be between {min, number} and {max, number} characters',
  },

  numberEqual: { id: 'validation.numberEqual', defaultMessage: '{label} must equal {equal, number}' },
  numberMin: { id: 'validation.numberMin', defaultMessage: '{label} cannot be less than {min, number}' },
  numberMax: { id: 'validation.numberMax', defaultMessage: '{label} cannot be greater than {max, number}' },
  numberRange: {
    id: 'validation.numberRange',
    defaultMessage: '{label} must be between {min, number} and {max, number}',
  },

  sizeEqual: {
    id: 'validation.sizeEqual',
    defaultMessage: '{label} must have exactly {equal, plural, one {# item} other {# items}}',
  },
  sizeMin: {
    id: 'validation.sizeMin',
    defaultMessage: '{label} must have at least {min, plural, one {# item} other {# items}}',
  },
  sizeMax: {
    id: 'validation.sizeMax',
    defaultMessage: '{label} cannot have more than {max, plural, one {# item} other {# items}}',
  },
  sizeRange: {
    id: 'validation.sizeRange',
    defaultMessage: '{label} must have between {min, number} and {max, number} items',
  },
});

/** Every rule's message: the two sign-in needs live apart (basic-validation-messages.ts) so its entry stays small. */
export const validationMessages = { ...basicValidationMessages, ...otherValidationMessages };
