// Flat config: typescript-eslint + react-hooks, and the layer rule that keeps imports flowing one way:
// views → machines → services; server/ never imports src/; src/ never imports server/; both import contracts/,
// which imports neither (nor any package but typebox).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const inside = (file, dir) => {
  const rel = path.relative(path.join(root, dir), file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** Who may not import whom. `typeOnly` names a target that is allowed through `import type` only. */
const LAYERS = [
  // Stories and their fixtures may build service shapes (a User, an HttpError); the screens themselves may not.
  { from: 'src/views', deny: 'src/services', exceptFiles: /(\.stories\.tsx|storyFixtures\.ts)$/, why: 'views talk to machines, never to services' },
  { from: 'src/machines', deny: 'src/views', why: 'machines know nothing of views' },
  // Plain shared types (the HttpError every layer names) depend on no layer.
  { from: 'src/shared', deny: 'src/views', why: 'shared types sit below every layer' },
  { from: 'src/shared', deny: 'src/machines', why: 'shared types sit below every layer' },
  { from: 'src/shared', deny: 'src/services', why: 'shared types sit below every layer' },
  { from: 'src/services', deny: 'src/machines', why: 'services are plain functions below the machines' },
  { from: 'src/services', deny: 'src/views', why: 'services are plain functions below the views' },
  { from: 'src', deny: 'server', why: 'the browser never imports server code; shared values live in contracts/' },
  { from: 'contracts', deny: 'src', why: 'contracts/ is shared by both sides and imports neither' },
  { from: 'contracts', deny: 'server', why: 'contracts/ is shared by both sides and imports neither' },
  { from: 'server', deny: 'src', why: 'the server never imports the web app' },
];

/** The packages contracts/ may import. */
const CONTRACT_PACKAGES = ['typebox'];

const layersRule = {
  meta: { type: 'problem', schema: [], messages: { layer: 'Import of {{target}} is not allowed here: {{why}}.' } },
  create(context) {
    const file = context.filename;
    const check = (node, source, typeOnly) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('@/')) target = path.join(root, 'src', source.slice(2));
      else if (source.startsWith('.')) target = path.resolve(path.dirname(file), source);
      else {
        // contracts/ runs in the browser and on the server alike: the only package it may use is typebox.
        if (inside(file, 'contracts') && !CONTRACT_PACKAGES.includes(source)) {
          context.report({ node, messageId: 'layer', data: { target: source, why: 'contracts/ imports nothing but typebox' } });
        }
        return;
      }
      for (const l of LAYERS) {
        if (!inside(file, l.from) || !inside(target, l.deny)) continue;
        if (l.exceptFiles?.test(file)) continue;
        if (l.except && inside(target, l.except)) continue;
        if (l.typeOnly && typeOnly) continue;
        context.report({ node, messageId: 'layer', data: { target: path.relative(root, target), why: l.why } });
        return;
      }
    };
    const isTypeOnly = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined, false),
    };
  },
};

/** The route and service files of the server modules, and what they may not import (SQL lives in repository.ts). */
const MODULE_ROUTES = ['server/src/modules/**/routes.ts', 'server/src/modules/**/*.routes.ts'];
const MODULE_SERVICES = ['server/src/modules/**/service.ts', 'server/src/modules/**/*.service.ts'];
const NO_SQL_IMPORTS = [
  { group: ['**/db/schema', '**/db/schema.ts'], message: 'Tables belong to repository.ts: routes and services call repository functions.' },
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in repository.ts: routes and services call repository functions.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'coverage/**', 'data/**', 'node_modules/**', 'server/src/db/migrations/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { shetmitra: { rules: { layers: layersRule } } },
    rules: {
      'shetmitra/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests read arbitrary response bodies (bad-input cases); `any` there is honest, not a shortcut.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // One shape per server module (docs/conventions.md): routes.ts → service.ts → repository.ts. Route and service
    // files run no SQL: no table of db/schema, no drizzle query builder, no db.select/insert/update/delete/execute.
    // A service may still open a transaction (db.transaction) and hand `tx` to repository functions.
    files: MODULE_ROUTES.concat(MODULE_SERVICES),
    rules: {
      'no-restricted-imports': ['error', { patterns: NO_SQL_IMPORTS }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.name=/^(db|tx)$/]',
          message: 'SQL belongs in repository.ts: pass db (or tx) to a repository function.',
        },
        {
          selector: 'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.property.name="db"]',
          message: 'SQL belongs in repository.ts: pass app.db to a repository function.',
        },
      ],
    },
  },
  {
    // A route calls its service, never a repository (nor the shared readers beside the modules).
    files: MODULE_ROUTES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: NO_SQL_IMPORTS.concat({
            group: ['./repository', './*.repository', '../userLanguage'],
            message: 'A route calls its service; the service calls the repository.',
          }),
        },
      ],
    },
  },
  {
    // drizzle's self-referencing foreign key (users.managedBy → users.id) needs an `any` return type.
    files: ['server/src/db/schema.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
