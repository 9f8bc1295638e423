// The page's own words in its reader's language: the browser's first language we speak, or the one picked
// at the top of the page (kept on this phone). The host serves them (words/<code>.json, from the catalogs)
// and, told the language, sends this phone everything else in it. Loaded before phone.js, which uses `say`.
"use strict";

const LANGUAGE_KEY = "haudrauf-language";  // localStorage: the language picked on this phone
const ALIASES = { no: "nb", nn: "nb" };  // Norwegian: we write Bokmål
let words = {};  // the page's own words in the reader's language, by key (phones/page_words.py)
let language = localStorage.getItem(LANGUAGE_KEY) || browserLanguage();

// The browser's first language we speak (the picker lists them), else English.
function browserLanguage() {
  const spoken = [...document.getElementById("language").options].map((option) => option.value);
  for (const tag of navigator.languages || [navigator.language || ""]) {
    const primary = tag.toLowerCase().split("-")[0];
    const code = ALIASES[primary] || primary;
    if (spoken.includes(code)) return code;
  }
  return "en";
}

// One of the page's words, its {slots} filled: say("you_are", { name: "Anna", seat: 2 }).
function say(key, values) {
  return (words[key] ?? key).replace(/\{(\w+)\}/g, (slot, name) => (values && name in values ? values[name] : slot));
}

// Speak `code`: fetch its words, put them on the page, and tell the host (it sends this phone's views in it).
async function useLanguage(code) {
  let answer = null;
  try {
    answer = await fetch("words/" + code + ".json");
  } catch (error) {
    answer = null;
  }
  if (!answer || !answer.ok) return;
  const said = await answer.json();
  language = said.language;
  words = said.words;
  document.documentElement.lang = language;
  document.getElementById("language").value = language;
  for (const node of document.querySelectorAll("[data-word]")) node.textContent = say(node.dataset.word);
  for (const node of document.querySelectorAll("[data-word-placeholder]")) node.placeholder = say(node.dataset.wordPlaceholder);
  for (const node of document.querySelectorAll("[data-word-label]")) node.setAttribute("aria-label", say(node.dataset.wordLabel));
  spoke();  // phone.js: the words it drew itself, again, and the host told
}
