/**
 * The two-factor dialog (spec views overview, setup, backup): set up (QR + secret) → verify a first
 * code → on, showing the backup codes; turn off with a current code or the password; make a new set
 * of backup codes with a current code.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  disableTwoFactor,
  getTwoFactorStatus,
  newBackupCodes,
  setupTwoFactor,
  verifyTwoFactor,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '../services/account';
import { TWO_FACTOR_CODE_LENGTH } from './accountRules';

export type { TwoFactorSetup };
export type TwoFactorError = 'setupFailed' | 'invalidCode' | 'disableFailed';
export type TwoFactorNotice = 'enabled' | 'disabled' | null;
export type DisableMode = 'code' | 'password';

type Context = {
  isEnabled: boolean;
  backupCodesRemaining: number;
  setup: TwoFactorSetup | null;
  backupCodes: string[];
  code: string;
  password: string;
  disableMode: DisableMode;
  codeMissing: boolean;
  error: TwoFactorError | null;
  errorCause: unknown;
  notice: TwoFactorNotice;
};

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.startSetup' }
  | { type: 'twoFactor.startDisable' }
  | { type: 'twoFactor.startRegenerate' }
  | { type: 'twoFactor.code'; value: string }
  | { type: 'twoFactor.password'; value: string }
  | { type: 'twoFactor.disableMode'; mode: DisableMode }
  | { type: 'twoFactor.copySecret' }
  | { type: 'twoFactor.verify' }
  | { type: 'twoFactor.disable' }
  | { type: 'twoFactor.regenerate' }
  | { type: 'twoFactor.download' }
  | { type: 'twoFactor.done' }
  | { type: 'twoFactor.cancel' };

const onlyDigits = (v: string) => v.replace(/\D/g, '').slice(0, TWO_FACTOR_CODE_LENGTH);

export const twoFactorMachine = setup({
  types: { context: {} as Context, events: {} as TwoFactorEvent },
  actors: {
    loadStatus: fromPromise<TwoFactorStatus>(({ signal }) => getTwoFactorStatus(signal)),
    startSetup: fromPromise<TwoFactorSetup>(({ signal }) => setupTwoFactor(signal)),
    verifyCode: fromPromise<unknown, string>(({ input, signal }) => verifyTwoFactor(input, signal)),
    disable: fromPromise<unknown, { code: string } | { password: string }>(({ input, signal }) => disableTwoFactor(input, signal)),
    regenerate: fromPromise<{ backupCodes: string[] }, string>(({ input, signal }) => newBackupCodes(input, signal)),
  },
  actions: {
    clearForm: assign({ code: '', password: '', codeMissing: false, error: null, errorCause: null }),
    typeCode: assign({
      code: ({ event }) => onlyDigitsOrBackup((event as Extract<TwoFactorEvent, { type: 'twoFactor.code' }>).value),
      codeMissing: false,
      error: null,
    }),
    /** Provided by the view: clipboard and file download are the browser's. */
    copySecret: (_, _secret: string) => {},
    downloadBackupCodes: (_, _codes: string[]) => {},
  },
  guards: {
    isEnabled: ({ context }) => context.isEnabled,
    isDisabled: ({ context }) => !context.isEnabled,
    codeMode: ({ context }) => context.disableMode === 'code',
    passwordMode: ({ context }) => context.disableMode === 'password',
    codeEntered: ({ context }) => context.code.length > 0,
    proofEntered: ({ context }) => (context.disableMode === 'code' ? context.code.length > 0 : context.password.length > 0),
  },
}).createMachine({
  id: 'twoFactor',
  context: {
    isEnabled: false,
    backupCodesRemaining: 0,
    setup: null,
    backupCodes: [],
    code: '',
    password: '',
    disableMode: 'code',
    codeMissing: false,
    error: null,
    errorCause: null,
    notice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: {
          target: 'overview',
          actions: assign({
            isEnabled: ({ event }) => event.output.isEnabled,
            backupCodesRemaining: ({ event }) => event.output.backupCodesRemaining,
          }),
        },
        onError: 'loadFailed',
      },
    },
    loadFailed: { on: { 'twoFactor.retry': 'loading' } },
    overview: {
      on: {
        'twoFactor.startSetup': { guard: 'isDisabled', target: 'startingSetup', actions: ['clearForm', assign({ notice: null })] },
        'twoFactor.startDisable': { guard: 'isEnabled', target: 'disableForm', actions: ['clearForm', assign({ notice: null })] },
        'twoFactor.startRegenerate': { guard: 'isEnabled', target: 'regenerateForm', actions: ['clearForm', assign({ notice: null })] },
      },
    },
    startingSetup: {
      invoke: {
        id: 'startSetup',
        src: 'startSetup',
        onDone: { target: 'setup', actions: assign({ setup: ({ event }) => event.output }) },
        onError: { target: 'overview', actions: assign({ error: 'setupFailed', errorCause: ({ event }) => event.error }) },
      },
    },
    setup: {
      on: {
        'twoFactor.code': { actions: 'typeCode' },
        'twoFactor.copySecret': { actions: { type: 'copySecret', params: ({ context }) => context.setup!.secret } },
        'twoFactor.verify': [{ guard: 'codeEntered', target: 'verifying' }, { actions: assign({ codeMissing: true }) }],
        'twoFactor.cancel': { target: 'overview', actions: ['clearForm', assign({ setup: null })] },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => context.code,
        onDone: {
          target: 'backup',
          actions: assign({
            isEnabled: true,
            notice: 'enabled',
            backupCodes: ({ context }) => context.setup!.backupCodes,
            backupCodesRemaining: ({ context }) => context.setup!.backupCodes.length,
            setup: null,
            code: '',
          }),
        },
        onError: { target: 'setup', actions: assign({ error: 'invalidCode', errorCause: ({ event }) => event.error }) },
      },
    },
    backup: {
      on: {
        'twoFactor.download': { actions: { type: 'downloadBackupCodes', params: ({ context }) => context.backupCodes } },
        'twoFactor.done': { target: 'overview', actions: assign({ backupCodes: [] }) },
      },
    },
    disableForm: {
      on: {
        'twoFactor.code': { guard: 'codeMode', actions: 'typeCode' },
        'twoFactor.password': { guard: 'passwordMode', actions: assign({ password: ({ event }) => event.value, codeMissing: false, error: null }) },
        'twoFactor.disableMode': { actions: assign({ disableMode: ({ event }) => event.mode, code: '', password: '', error: null }) },
        'twoFactor.disable': [{ guard: 'proofEntered', target: 'disabling' }, { actions: assign({ codeMissing: true }) }],
        'twoFactor.cancel': { target: 'overview', actions: 'clearForm' },
      },
    },
    disabling: {
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => (context.disableMode === 'code' ? { code: context.code } : { password: context.password }),
        onDone: {
          target: 'overview',
          actions: ['clearForm', assign({ isEnabled: false, backupCodesRemaining: 0, notice: 'disabled' })],
        },
        onError: { target: 'disableForm', actions: assign({ error: 'disableFailed', errorCause: ({ event }) => event.error }) },
      },
    },
    regenerateForm: {
      on: {
        'twoFactor.code': { actions: 'typeCode' },
        'twoFactor.regenerate': [{ guard: 'codeEntered', target: 'regenerating' }, { actions: assign({ codeMissing: true }) }],
        'twoFactor.cancel': { target: 'overview', actions: 'clearForm' },
      },
    },
    regenerating: {
      invoke: {
        id: 'regenerate',
        src: 'regenerate',
        input: ({ context }) => context.code,
        onDone: {
          target: 'backup',
          actions: assign({
            backupCodes: ({ event }) => event.output.backupCodes,
            backupCodesRemaining: ({ event }) => event.output.backupCodes.length,
            code: '',
          }),
        },
        onError: { target: 'regenerateForm', actions: assign({ error: 'invalidCode', errorCause: ({ event }) => event.error }) },
      },
    },
  },
});

/** A 6-digit TOTP code, or a backup code (letters, digits and a dash) when letters are typed. */
function onlyDigitsOrBackup(v: string) {
  return /[a-z]/i.test(v) ? v.toUpperCase().replace(/[^A-Z0-9-]/g, '').slice(0, 9) : onlyDigits(v);
}
