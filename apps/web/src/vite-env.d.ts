/// <reference types="vite/client" />
/// <reference path="../../../packages/core/src/evaluator/wink-lemmatizer.d.ts" />
