import { describe, it } from "vitest";
import { coreVocabulary, legend } from "../../core/index.js";
import type { Vocabulary } from "../../core/index.js";
import { expectComplete, expectLeanComplete, expectReadsBack } from "../legend-reader.js";
import { vocabularies } from "../vocabularies.js";

const all: [string, Vocabulary][] = [["core", coreVocabulary], ...Object.entries(vocabularies())];

describe("the legend is complete", () => {
  for (const [name, vocabulary] of all) {
    it(`${name}, full: every type, slot and enum code appears`, () => {
      expectComplete(vocabulary, legend(vocabulary));
    });
    it(`${name}, lean: everything lean keeps appears, and what it drops does not`, () => {
      expectLeanComplete(vocabulary, legend(vocabulary, { lean: true }));
    });
  }
});

describe("teach-back: the legend read back by a reader with no library gives the vocabulary", () => {
  for (const [name, vocabulary] of all) {
    it(`${name}, full`, () => expectReadsBack(vocabulary, legend(vocabulary), false));
    it(`${name}, lean`, () => expectReadsBack(vocabulary, legend(vocabulary, { lean: true }), true));
  }
});
