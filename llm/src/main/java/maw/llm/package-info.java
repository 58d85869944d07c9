/** Talking to language models: decisions parsed from model output, prompts, model clients. */
package maw.llm;
