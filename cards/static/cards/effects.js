/* The effect editor: a form generated from the game's effect schema (GET /api/games/{game}/effect-schema/,
   JSON Schema 2020-12 built by rules/effects/schema.py), over the card editor's raw JSON, which stays one
   click away; both stay in sync. Every control names its JSON path (data-path="effects[0].actions[1].stat"),
   the path the rule set's messages use: live validation's messages land at their field.
   Without JavaScript (or before the schema arrives) the JSON field works as before. */
(function () {
  "use strict";

  // Django's JavaScript catalog (jsi18n/, loaded first); the English words without it.
  var gettext = window.gettext || function (s) { return s; };
  var REF_KEYS = ["target", "of", "with", "by", "toward", "source"];
  var LONG_TEXT = ["text", "notes", "description"];
  var LISTS = { actions: "action", costs: "cost", conditions: "condition", targets: "target" };
  var uid = 0;

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var v = attrs[key];
      if (v === null || v === undefined || v === false) return;
      if (key === "text") node.textContent = v;
      else if (key === "class") node.className = v;
      else node.setAttribute(key, v === true ? "" : v);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child); });
    return node;
  }

  function fmt(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_, name) { return values[name]; });
  }

  // An effect's legend, its id after its number: one sentence, so that each language puts its own
  // punctuation there (French: a narrow no-break space before the colon).
  function effectTitle(n, id) {
    return id ? fmt(gettext("Effect %(n)s: %(id)s"), { n: n, id: id }) : fmt(gettext("Effect %(n)s"), { n: n });
  }

  function humanize(code) {
    var words = String(code).replace(/_/g, " ").trim().toLowerCase();
    return words.charAt(0).toUpperCase() + words.slice(1);
  }

  // "KEY: what it means; OTHER: ..." descriptions (timings, durations, target kinds): the seed's words per value.
  // The codes stay as they are; the meanings are in the reader's language (common/effect_words.py writes the
  // line again), and French puts a non-breaking space before the colon ("KEY\u00a0: sens").
  function meanings(schema, text) {
    var out = {}, values = schema.enum || [];
    text = text || "";
    var found = values.map(function (v) {
      var m = new RegExp("(^|; )" + String(v).replace(/[.*+?^${}()|[\]\\]/g, "\\$&") + "[\u00a0\u202f ]?: ").exec(text);
      return m ? { v: v, at: m.index + m[1].length, len: m[0].length - m[1].length } : null;
    }).filter(function (f) { return f; }).sort(function (a, b) { return a.at - b.at; });
    found.forEach(function (f, i) {
      var end = i + 1 < found.length ? found[i + 1].at : text.length;
      out[f.v] = text.slice(f.at + f.len, end).replace(/;\s*$/, "").trim();
    });
    return found.length ? out : null;
  }

  function Editor(root, textarea, schema, labels) {
    this.root = root;
    this.textarea = textarea;
    this.schema = schema;
    this.defs = schema.$defs || {};
    this.labels = labels || {};
    this.serverMessages = {};
    // A field's messages show once it was touched (changed or left) or once the card is saved.
    this.touched = {};
    this.submitted = false;
    this.references = [];
    // The game's fixed references, from the page in the reader's language (common/effect_words.py);
    // without them, read from the schema's English line.
    if (Array.isArray(this.labels.$references) && this.labels.$references.length) {
      this.references = this.labels.$references.slice();
    } else {
      var refs = /References[\u00a0\u202f ]?: (.*?); or a target id/.exec(schema.description || "");
      if (refs) refs[1].split(/, (?=[A-Z])/).forEach(function (part) {
        var m = /^([A-Z][A-Z0-9_]*) \((.*)\)$/.exec(part.trim());
        if (m) this.references.push([m[1], m[2]]);
      }, this);
    }
    this.value = [];
    this.build();
    this.readJson(true);
  }

  Editor.prototype.label = function (kind, code) {
    var table = this.labels[kind] || {};
    if (table[code]) return table[code];
    for (var k in this.labels) if (k.charAt(0) !== "$" && this.labels[k][code]) return this.labels[k][code];
    return humanize(code);
  };
  // An effect's key as the form names it, in the reader's language ("effectId": "Effect id").
  Editor.prototype.keyLabel = function (name) {
    var keys = this.labels.$keys || {};
    return keys[name] || humanize(name.replace(/([a-z])([A-Z])/g, "$1_$2"));
  };
  // A help line of the schema (English, the contract's words) in the reader's language when known.
  Editor.prototype.help = function (text) {
    var table = this.labels.$help || {};
    return text ? table[text] || text : "";
  };
  Editor.prototype.labelCode = function (kind, code) {
    var words = this.label(kind, code);
    return words === code ? code : words + " (" + code + ")";
  };

  Editor.prototype.resolve = function (schema) {
    if (schema && schema.$ref) return this.defs[schema.$ref.split("/").pop()] || {};
    return schema || {};
  };
  Editor.prototype.refName = function (schema) {
    return schema && schema.$ref ? schema.$ref.split("/").pop() : null;
  };
  // A closed union (actions, costs, conditions): its discriminator, variants and each variant's schema.
  Editor.prototype.union = function (schema) {
    if (!schema.allOf || !schema.required || !schema.properties) return null;
    var key = schema.required[0];
    var variants = {};
    schema.allOf.forEach(function (branch) {
      var c = branch.if && branch.if.properties && branch.if.properties[key];
      if (c && c.const !== undefined) variants[c.const] = branch.then;
    });
    return { key: key, names: schema.properties[key].enum || Object.keys(variants), variants: variants };
  };

  // --- the two views ------------------------------------------------------------------------------------
  Editor.prototype.build = function () {
    var self = this;
    this.field = this.textarea.closest(".field") || this.textarea.parentNode;
    this.jsonHelp = el("p", { class: "help", id: "effects-json-state", "aria-live": "polite" });
    this.tabs = el("div", { class: "effecttabs", role: "group", "aria-label": gettext("How to edit the effects") }, [
      this.formTab = el("button", { type: "button", class: "secondary small", "aria-pressed": "true", text: gettext("Form") }),
      this.jsonTab = el("button", { type: "button", class: "secondary small", "aria-pressed": "false", text: gettext("JSON") }),
    ]);
    this.form = el("div", { class: "effectform" });
    this.root.appendChild(this.tabs);
    this.root.appendChild(this.form);
    this.field.appendChild(this.jsonHelp);
    this.formTab.addEventListener("click", function () { self.show("form"); });
    this.jsonTab.addEventListener("click", function () { self.show("json"); });
    // JSON written by hand: every message of it shows, as after a save.
    this.textarea.addEventListener("input", function () { if (!self.writing) { self.submitted = true; self.readJson(false); } });
    this.form.addEventListener("input", function (e) { self.onInput(e); });
    this.form.addEventListener("change", function (e) { self.onInput(e); });
    this.form.addEventListener("click", function (e) { self.onClick(e); });
    // Leaving a field touches it: its messages show from then on.
    this.form.addEventListener("focusout", function (e) {
      var path = e.target.getAttribute && e.target.getAttribute("data-path");
      if (!path || e.target.hasAttribute("data-adder") || self.touched[path]) return;
      self.touched[path] = true;
      self.validateField(path);
      self.showServerMessages();
    });
    // Saving shows every message (the studio checks the card again on save).
    var card = this.textarea.form;
    if (card) card.addEventListener("submit", function () {
      self.submitted = true;
      if (self.mode === "form") { self.validateAll(); self.showServerMessages(); }
    }, true);
    // A page that comes back from a refused save shows its messages at once.
    var saved = document.getElementById("errors-" + (this.textarea.name || "effects"));
    if (saved && saved.textContent.trim()) this.submitted = true;
    var refused = card && card.querySelector(".notsaved");
    if (refused) {
      this.submitted = true;
      refused.querySelectorAll('[data-path^="effects"]').forEach(function (p) {
        self.serverMessages[p.getAttribute("data-path")] = p.getAttribute("data-message") || p.textContent;
      });
    }
    // A reference offers the effect's target ids as they are now.
    this.form.addEventListener("focusin", function (e) {
      if (e.target.hasAttribute && e.target.hasAttribute("list")) self.refList(e.target.getAttribute("data-path"));
      if (e.target.hasAttribute && e.target.hasAttribute("data-ref")) {
        var path = e.target.getAttribute("data-path");
        self.fillRefs(e.target, path, self.get(path), e.target.hasAttribute("data-required"));
      }
    });
    // The card form's live validation answers with messages per path: each goes to its field.
    document.body.addEventListener("htmx:afterSettle", function () { self.readServerMessages(); });
  };

  Editor.prototype.show = function (mode) {
    if (mode === "form" && !this.readJson(false)) mode = "json";
    this.mode = mode;
    this.formTab.setAttribute("aria-pressed", String(mode === "form"));
    this.jsonTab.setAttribute("aria-pressed", String(mode === "json"));
    this.form.hidden = mode !== "form";
    // In the form, each message is at its field: the JSON's own message list is for the JSON view.
    this.field.classList.toggle("effects-in-form", mode === "form");
    this.textarea.hidden = mode !== "json";
    var label = this.field.querySelector("label[for='" + this.textarea.id + "']");
    if (label) label.hidden = mode !== "json";
    if (mode === "form") this.render();
  };

  Editor.prototype.readJson = function (first) {
    var text = this.textarea.value.trim();
    var parsed;
    try { parsed = text ? JSON.parse(text) : []; } catch (err) {
      this.jsonHelp.textContent = fmt(gettext("The JSON cannot be read (%(error)s): fix it here to use the form again."), { error: err.message });
      if (first) this.show("json");
      return false;
    }
    if (!Array.isArray(parsed)) {
      this.jsonHelp.textContent = gettext("The effects are a JSON list ([…]): fix it here to use the form again.");
      if (first) this.show("json");
      return false;
    }
    this.jsonHelp.textContent = "";
    this.value = parsed;
    if (first) this.show("form");
    return true;
  };

  Editor.prototype.write = function () {
    this.writing = true;
    this.textarea.value = JSON.stringify(this.value, null, 2);
    this.textarea.dispatchEvent(new Event("input", { bubbles: true }));
    this.writing = false;
  };

  // --- values at paths ------------------------------------------------------------------------------
  function parsePath(path) {
    var parts = [];
    path.replace(/\[(\d+)\]|\.?([A-Za-z_$][\w$]*)/g, function (_, index, key) { parts.push(index !== undefined ? Number(index) : key); });
    return parts.slice(1); // drop "effects"
  }
  Editor.prototype.get = function (path) {
    return parsePath(path).reduce(function (v, p) { return v == null ? undefined : v[p]; }, this.value);
  };
  Editor.prototype.set = function (path, value) {
    var parts = parsePath(path), last = parts.pop();
    var parent = parts.reduce(function (v, p) { return v[p]; }, this.value);
    if (value === undefined) delete parent[last]; else parent[last] = value;
  };
  // Keys in the schema's order, so the JSON reads as the schema does.
  Editor.prototype.ordered = function (object, schema) {
    var out = {}, props = Object.keys(schema.properties || {});
    props.forEach(function (k) { if (k in object) out[k] = object[k]; });
    Object.keys(object).forEach(function (k) { if (!(k in out)) out[k] = object[k]; });
    return out;
  };

  // A new object of a schema: what is fixed or has a single choice is filled in.
  Editor.prototype.fresh = function (schema, extra) {
    schema = this.resolve(schema);
    var out = extra || {};
    var props = schema.properties || {};
    (schema.required || []).forEach(function (key) {
      var p = this.resolve(props[key] || {});
      if (key in out) return;
      if (p.const !== undefined) out[key] = p.const;
      else if (p.enum && p.enum.length === 1) out[key] = p.enum[0];
      else if (p.type === "boolean") out[key] = false;
      else if (Array.isArray(p.type) && p.type.indexOf("null") !== -1) out[key] = null;
      else if (p.type === "array" && !p.minItems) out[key] = [];
    }, this);
    return this.ordered(out, schema);
  };

  // --- rendering ------------------------------------------------------------------------------------
  Editor.prototype.render = function () {
    var focused = document.activeElement && this.form.contains(document.activeElement) ? document.activeElement : null;
    var focusKey = focused && (focused.getAttribute("data-focus-key") || focused.getAttribute("data-path"));
    this.form.innerHTML = "";
    var list = el("ol", { class: "effectlist" });
    this.value.forEach(function (effect, i) { list.appendChild(this.renderEffect(effect, i)); }, this);
    if (this.value.length) this.form.appendChild(list);
    else this.form.appendChild(el("p", { class: "muted", text: gettext("No effect yet.") }));
    this.form.appendChild(el("p", {}, [el("button", { type: "button", class: "secondary", "data-op": "add-effect", "data-focus-key": "add-effect", text: gettext("+ Add an effect") })]));
    this.validateAll();
    this.showServerMessages();
    if (this.focusAfter || focusKey) {
      var key = this.focusAfter || focusKey;
      this.focusAfter = null;
      var target = this.form.querySelector('[data-focus-key="' + key + '"]') || this.form.querySelector('[data-path="' + key + '"]');
      if (target) target.focus();
    }
  };

  Editor.prototype.renderEffect = function (effect, i) {
    var path = "effects[" + i + "]";
    var schema = this.defs.effect;
    var title = effectTitle(i + 1, effect && effect.effectId);
    var item = el("li", { class: "effectitem" });
    var box = el("fieldset", { class: "effect", "data-path": path }, [el("legend", { text: title })]);
    box.appendChild(this.itemTools(path, i, this.value.length, gettext("effect"), title));
    if (!effect || typeof effect !== "object" || Array.isArray(effect)) {
      box.appendChild(el("p", { class: "fielderror", text: gettext("This effect is not an object: correct it in the JSON.") }));
    } else {
      box.appendChild(this.renderProperties(schema, effect, path));
    }
    item.appendChild(box);
    return item;
  };

  Editor.prototype.itemTools = function (path, index, count, what, title) {
    return el("div", { class: "itemtools" }, [
      el("button", { type: "button", class: "icon-button", "data-op": "up", "data-at": path, "data-focus-key": "up:" + path, disabled: index === 0, "aria-label": fmt(gettext("Move %(what)s up"), { what: title }), title: gettext("Move up"), text: "↑" }),
      el("button", { type: "button", class: "icon-button", "data-op": "down", "data-at": path, "data-focus-key": "down:" + path, disabled: index === count - 1, "aria-label": fmt(gettext("Move %(what)s down"), { what: title }), title: gettext("Move down"), text: "↓" }),
      el("button", { type: "button", class: "icon-button danger", "data-op": "remove", "data-at": path, "aria-label": fmt(gettext("Remove %(what)s"), { what: title }), title: gettext("Remove"), text: "×" }),
    ]);
  };

  Editor.prototype.renderProperties = function (schema, object, path, skip) {
    var grid = el("div", { class: "effectfields" });
    var props = schema.properties || {};
    var required = schema.required || [];
    Object.keys(props).forEach(function (name) {
      if (name === skip) return;
      grid.appendChild(this.renderProp(name, props[name], object, path + "." + name, required.indexOf(name) !== -1));
    }, this);
    Object.keys(object).forEach(function (name) {
      if (name in props || name === skip) return;
      grid.appendChild(el("div", { class: "efield wide unknown", "data-path": path + "." + name }, [
        el("span", {}, [fmt(gettext("Unknown key %(key)s: the schema has no such key."), { key: name }) + " "]),
        el("button", { type: "button", class: "secondary small", "data-op": "drop-key", "data-at": path + "." + name, text: fmt(gettext("Remove %(key)s"), { key: name }) }),
      ]));
    });
    return grid;
  };

  Editor.prototype.kindOf = function (name) {
    return { kind: "kind", timing: "timing", duration: "duration", what: "target", do: "action", pay: "cost", check: "condition", zone: "zone", to: "zone", from: "zone" }[name] || name;
  };

  Editor.prototype.renderProp = function (name, raw, object, path, required) {
    var schema = this.resolve(raw);
    var value = object[name];
    var id = "ef-" + (++uid);
    var help = this.help(schema.description);
    var labelText = this.keyLabel(name);
    var lab = el("label", { for: id }, [labelText + " ", el("code", { text: name }), required ? " " : null, required ? el("span", { class: "req", text: gettext("required") }) : null]);
    var wrap = el("div", { class: "efield", "data-field": path });
    var control;

    if (LISTS[name] && schema.type === "array") return this.renderList(name, schema, value, path, required);
    if (schema.const !== undefined) {
      if (value === undefined) object[name] = schema.const;
      wrap.appendChild(el("span", { class: "fixed" }, [labelText + " ", el("code", { text: name }), ": ", el("code", { text: JSON.stringify(schema.const) })]));
      if (help) wrap.appendChild(el("div", { class: "help", text: help }));
      return wrap;
    }
    if (schema.enum) {
      var kind = this.kindOf(name);
      var means = meanings(schema, help);
      control = el("select", { id: id, "data-path": path, "data-type": "enum" }, [el("option", { value: "", text: required ? gettext("— choose —") : gettext("— none —") })]);
      schema.enum.forEach(function (v) {
        control.appendChild(el("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value), text: this.labelCode(kind, String(v)) }));
      }, this);
      wrap.appendChild(lab); wrap.appendChild(control);
      if (means) {
        var meaning = el("div", { class: "help meaning", id: id + "-meaning", "data-meanings": JSON.stringify(means), text: value !== undefined && means[value] ? means[value] : gettext("Each choice's meaning shows here once chosen.") });
        control.setAttribute("aria-describedby", id + "-meaning");
        wrap.appendChild(meaning);
      } else if (help) wrap.appendChild(el("div", { class: "help", text: help }));
      return this.withError(wrap, control, path);
    }
    var types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.indexOf("object") !== -1 || schema.properties) {
      return this.renderObjectProp(name, schema, object, path, required, types.indexOf("null") !== -1);
    }
    if (schema.type === "boolean") {
      if (required) {
        control = el("input", { type: "checkbox", id: id, "data-path": path, "data-type": "boolean", checked: value === true });
        wrap.appendChild(el("label", { class: "check", for: id }, [control, " " + labelText + " ", el("code", { text: name })]));
      } else {
        control = el("select", { id: id, "data-path": path, "data-type": "tristate" }, [
          el("option", { value: "", text: gettext("— not said —") }),
          el("option", { value: "true", selected: value === true, text: gettext("yes") }),
          el("option", { value: "false", selected: value === false, text: gettext("no") }),
        ]);
        wrap.appendChild(lab); wrap.appendChild(control);
      }
      if (help) wrap.appendChild(el("div", { class: "help", text: help }));
      return this.withError(wrap, control, path);
    }
    if (schema.type === "integer" || schema.type === "number") {
      control = el("input", { type: "number", id: id, "data-path": path, "data-type": "integer", inputmode: "numeric", step: "1", min: schema.minimum, max: schema.maximum, value: value === undefined ? "" : String(value) });
    } else if (schema.type === "array" && schema.items && this.resolve(schema.items).enum) {
      return this.renderChoices(name, schema, value, path, required, labelText);
    } else if (schema.type === "array") {
      control = el("textarea", { id: id, "data-path": path, "data-type": "lines", rows: "2", class: "lines" });
      control.value = Array.isArray(value) ? value.join("\n") : "";
      help = (help ? help + " · " : "") + gettext("One per line.");
    } else if (LONG_TEXT.indexOf(name) !== -1) {
      control = el("textarea", { id: id, "data-path": path, "data-type": "string", rows: "2", class: "lines" });
      control.value = value === undefined ? "" : String(value);
    } else if (REF_KEYS.indexOf(name) !== -1 && schema.type === "string" && !schema.enum) {
      // A reference is picked, not typed: the effect's own targets and the game's fixed references.
      control = el("select", { id: id, "data-path": path, "data-type": "string", "data-ref": "" });
      if (required) control.setAttribute("data-required", "");
      this.fillRefs(control, path, value, required);
    } else {
      control = el("input", { type: "text", id: id, "data-path": path, "data-type": "string", value: value === undefined ? "" : String(value), spellcheck: "false", autocomplete: "off" });
    }
    wrap.appendChild(lab); wrap.appendChild(control);
    if (help) wrap.appendChild(el("div", { class: "help", text: help }));
    return this.withError(wrap, control, path);
  };

  Editor.prototype.withError = function (wrap, control, path) {
    var slot = el("div", { class: "fielderror", id: "err-" + control.id, "data-error-for": path });
    var described = control.getAttribute("aria-describedby");
    control.setAttribute("aria-describedby", (described ? described + " " : "") + slot.id);
    wrap.appendChild(slot);
    return wrap;
  };

  // A reference's choices: the effect's target ids as they are now, then the game's fixed references;
  // a value neither names (typed in the JSON) stays, marked, so nothing is lost.
  Editor.prototype.fillRefs = function (select, path, value, required) {
    var index = parsePath(path)[0], effect = this.value[index] || {}, known = {};
    while (select.firstChild) select.removeChild(select.firstChild);
    select.appendChild(el("option", { value: "", text: required ? gettext("— choose —") : gettext("— none —") }));
    (effect.targets || []).forEach(function (t) {
      if (t && t.id && !known[t.id]) { known[t.id] = true; select.appendChild(el("option", { value: t.id, text: fmt(gettext("target %(id)s"), { id: t.id }) })); }
    });
    this.references.forEach(function (r) {
      if (!known[r[0]]) { known[r[0]] = true; select.appendChild(el("option", { value: r[0], text: r[1] + " (" + r[0] + ")" })); }
    });
    if (value !== undefined && value !== "" && !known[value]) {
      select.appendChild(el("option", { value: String(value), text: fmt(gettext("%(id)s (no such target in this effect)"), { id: String(value) }) }));
    }
    select.value = value === undefined ? "" : String(value);
  };

  // A reference: the effect's own target ids and the game's fixed references, offered in a list.
  Editor.prototype.refList = function (path) {
    var index = parsePath(path)[0];
    var id = "refs-" + index;
    var existing = document.getElementById(id);
    if (existing) existing.remove();
    var list = el("datalist", { id: id });
    var effect = this.value[index] || {};
    (effect.targets || []).forEach(function (t) { if (t && t.id) list.appendChild(el("option", { value: t.id, text: fmt(gettext("target %(id)s"), { id: t.id }) })); });
    this.references.forEach(function (r) { list.appendChild(el("option", { value: r[0], text: r[1] })); });
    this.form.appendChild(list);
    return id;
  };

  Editor.prototype.renderChoices = function (name, schema, value, path, required, labelText) {
    var items = this.resolve(schema.items);
    var box = el("fieldset", { class: "efield checks", "data-path": path, "data-field": path }, [el("legend", {}, [labelText + " ", el("code", { text: name }), required ? " " : null, required ? el("span", { class: "req", text: gettext("required") }) : null])]);
    var list = el("div", { class: "choices" });
    items.enum.forEach(function (v) {
      var id = "ef-" + (++uid);
      list.appendChild(el("label", { class: "check", for: id }, [
        el("input", { type: "checkbox", id: id, "data-path": path, "data-type": "choices", value: v, checked: Array.isArray(value) && value.indexOf(v) !== -1 }),
        " " + this.labelCode(name, v),
      ]));
    }, this);
    box.appendChild(list);
    if (schema.description) box.appendChild(el("div", { class: "help", text: this.help(schema.description) }));
    box.appendChild(el("div", { class: "fielderror", "data-error-for": path }));
    return box;
  };

  Editor.prototype.renderObjectProp = function (name, schema, object, path, required, nullable) {
    var value = object[name];
    var labelText = this.keyLabel(name);
    var box = el("fieldset", { class: "efield wide sub", "data-path": path, "data-field": path }, [el("legend", {}, [labelText + " ", el("code", { text: name })])]);
    if (schema.description) box.appendChild(el("div", { class: "help", text: this.help(schema.description) }));
    if (value && typeof value === "object") {
      box.appendChild(this.renderProperties(schema, value, path));
      box.appendChild(el("button", { type: "button", class: "secondary small", "data-op": nullable && required ? "null-key" : "drop-key", "data-at": path, "data-focus-key": "add:" + path, text: nullable && required ? fmt(gettext("Set %(name)s to none"), { name: labelText }) : fmt(gettext("Remove %(name)s"), { name: labelText }) }));
    } else {
      if (nullable && value === null) box.appendChild(el("p", { class: "muted small", text: gettext("None (null).") }));
      box.appendChild(el("button", { type: "button", class: "secondary small", "data-op": "add-object", "data-at": path, "data-focus-key": "add:" + path, text: fmt(gettext("+ Add %(name)s"), { name: labelText.toLowerCase() }) }));
    }
    box.appendChild(el("div", { class: "fielderror", "data-error-for": path }));
    return box;
  };

  Editor.prototype.renderList = function (name, schema, value, path, required) {
    var itemSchema = this.resolve(schema.items);
    var union = this.union(itemSchema);
    var family = LISTS[name];
    var singular = { action: gettext("action"), cost: gettext("cost"), condition: gettext("condition"), target: gettext("target") }[family];
    var heading = { actions: gettext("Actions"), costs: gettext("Costs"), conditions: gettext("Conditions"), targets: gettext("Targets") }[name];
    var box = el("fieldset", { class: "efield wide sub list", "data-path": path, "data-field": path }, [el("legend", {}, [heading + " ", el("code", { text: name }), required ? " " : null, required ? el("span", { class: "req", text: gettext("required") }) : null])]);
    if (itemSchema.description) box.appendChild(el("div", { class: "help", text: this.help(itemSchema.description) }));
    var items = Array.isArray(value) ? value : [];
    var ol = el("ol", { class: "items" });
    items.forEach(function (item, i) {
      var itemPath = path + "[" + i + "]";
      var title;
      if (union) title = fmt(gettext("%(what)s %(n)s"), { what: humanize(singular), n: i + 1 }) + (item && item[union.key] ? ": " + this.label(family, item[union.key]) : "");
      else title = fmt(gettext("%(what)s %(n)s"), { what: humanize(singular), n: i + 1 }) + (item && item.id ? ": " + item.id : "");
      var fs = el("fieldset", { class: "item", "data-path": itemPath }, [el("legend", { text: title })]);
      fs.appendChild(this.itemTools(itemPath, i, items.length, singular, title));
      if (!item || typeof item !== "object") {
        fs.appendChild(el("p", { class: "fielderror", text: gettext("Not an object: correct it in the JSON.") }));
      } else if (union) {
        var id = "ef-" + (++uid);
        var select = el("select", { id: id, "data-path": itemPath + "." + union.key, "data-type": "variant" });
        union.names.forEach(function (v) { select.appendChild(el("option", { value: v, selected: item[union.key] === v, text: this.labelCode(family, v) })); }, this);
        if (union.names.indexOf(item[union.key]) === -1) select.insertBefore(el("option", { value: "", selected: true, text: gettext("— choose —") }), select.firstChild);
        var branch = union.variants[item[union.key]];
        var row = el("div", { class: "efield" }, [el("label", { for: id }, [humanize(singular) + " ", el("code", { text: union.key })]), select]);
        if (branch && branch.description) { row.appendChild(el("div", { class: "help", id: id + "-help", text: this.help(branch.description) })); select.setAttribute("aria-describedby", id + "-help"); }
        fs.appendChild(this.withError(row, select, itemPath + "." + union.key));
        if (branch) fs.appendChild(this.renderProperties(branch, item, itemPath, union.key));
      } else {
        fs.appendChild(this.renderProperties(itemSchema, item, itemPath));
      }
      ol.appendChild(el("li", {}, [fs]));
    }, this);
    if (items.length) box.appendChild(ol);
    var adder = el("div", { class: "row adder" });
    if (union) {
      var addId = "ef-" + (++uid);
      var choose = el("select", { id: addId, "data-adder": path, "aria-label": fmt(gettext("Which %(what)s to add"), { what: singular }) });
      union.names.forEach(function (v) { choose.appendChild(el("option", { value: v, text: this.labelCode(family, v) })); }, this);
      adder.appendChild(choose);
    }
    adder.appendChild(el("button", { type: "button", class: "secondary small", "data-op": "add-item", "data-at": path, "data-focus-key": "add:" + path, text: fmt(gettext("+ Add %(what)s"), { what: singular }) }));
    box.appendChild(adder);
    box.appendChild(el("div", { class: "fielderror", "data-error-for": path }));
    return box;
  };

  // --- editing ------------------------------------------------------------------------------------------
  Editor.prototype.onInput = function (event) {
    var input = event.target;
    var path = input.getAttribute("data-path");
    if (!path || input.hasAttribute("data-adder")) return;
    var type = input.getAttribute("data-type");
    var v;
    if (type === "enum") v = input.value === "" ? undefined : JSON.parse(input.value);
    else if (type === "boolean") v = input.checked;
    else if (type === "tristate") v = input.value === "" ? undefined : input.value === "true";
    else if (type === "integer") v = input.value === "" || isNaN(Number(input.value)) ? undefined : Number(input.value);
    else if (type === "lines") { v = input.value.split("\n").map(function (s) { return s.trim(); }).filter(Boolean); if (!v.length) v = undefined; }
    else if (type === "choices") {
      var boxes = this.form.querySelectorAll('input[data-type=choices][data-path="' + path + '"]:checked');
      v = Array.prototype.map.call(boxes, function (b) { return b.value; });
      if (!v.length) v = undefined;
    } else if (type === "variant") {
      if (event.type !== "change") return;
      var parts = path.slice(0, path.lastIndexOf("."));
      var key = path.slice(path.lastIndexOf(".") + 1);
      var listPath = parts.slice(0, parts.lastIndexOf("["));
      var union = this.union(this.resolve(this.schemaAt(listPath).items));
      var fresh = this.fresh(union.variants[input.value] || {}, {});
      var item = {}; item[key] = input.value;
      Object.keys(fresh).forEach(function (k) { if (k !== key) item[k] = fresh[k]; });
      this.set(parts, this.ordered(item, union.variants[input.value] || {}));
      this.write();
      this.render();
      return;
    } else v = input.value === "" ? undefined : input.value;
    if (type === "enum" && event.type === "change") {
      var meaning = input.parentNode.querySelector("[data-meanings]");
      if (meaning) meaning.textContent = JSON.parse(meaning.getAttribute("data-meanings"))[v] || "";
    }
    if (type === "string" && event.type === "change") return; // already taken at input
    this.touched[path] = true;
    this.set(path, v);
    this.write();
    this.validateField(path);
    var m = /^effects\[(\d+)\]\.effectId$/.exec(path);
    if (m) {
      var legend = input.closest("fieldset.effect").querySelector("legend");
      legend.textContent = effectTitle(Number(m[1]) + 1, v);
    }
  };

  Editor.prototype.schemaAt = function (path) {
    var parts = parsePath(path), schema = { items: this.defs.effect, type: "array" }, value = this.value;
    for (var i = 0; i < parts.length; i++) {
      schema = this.resolve(schema);
      if (typeof parts[i] === "number") schema = this.resolve(schema.items);
      else {
        var union = this.union(schema);
        if (union && value && union.variants[value[union.key]]) schema = union.variants[value[union.key]];
        schema = (schema.properties || {})[parts[i]] || {};
      }
      value = value == null ? undefined : value[parts[i]];
    }
    return this.resolve(schema);
  };

  Editor.prototype.onClick = function (event) {
    var button = event.target.closest("button[data-op]");
    if (!button) return;
    var op = button.getAttribute("data-op"), at = button.getAttribute("data-at");
    if (op === "add-effect") {
      var effect = this.fresh(this.defs.effect, {});
      effect.effectId = this.suggestId();
      this.value.push(this.ordered(effect, this.defs.effect));
      this.focusAfter = "effects[" + (this.value.length - 1) + "].effectId";
    } else if (op === "add-item") {
      var list = this.get(at);
      if (!Array.isArray(list)) { list = []; this.set(at, list); }
      var itemSchema = this.resolve(this.schemaAt(at).items);
      var union = this.union(itemSchema);
      var item;
      if (union) {
        var choose = button.parentNode.querySelector("select[data-adder]");
        var name = choose ? choose.value : union.names[0];
        var first = {}; first[union.key] = name;
        item = this.fresh(union.variants[name] || {}, first);
      } else {
        item = this.fresh(itemSchema, {});
        if (itemSchema.properties && itemSchema.properties.id && !item.id) item.id = "t" + (list.length + 1);
      }
      list.push(item);
      this.touched[at] = true;
      this.reorderParent(at);
      this.focusAfter = at + "[" + (list.length - 1) + "]" + (union ? "." + union.key : "");
      if (!union) this.focusAfter = at + "[" + (list.length - 1) + "].id";
    } else if (op === "add-object") {
      this.set(at, this.fresh(this.schemaAt(at), {}));
      this.reorderParent(at);
      this.focusAfter = "add:" + at;
    } else if (op === "drop-key") {
      this.set(at, undefined);
      this.focusAfter = "add:" + at;
    } else if (op === "null-key") {
      this.set(at, null);
      this.focusAfter = "add:" + at;
    } else if (op === "up" || op === "down" || op === "remove") {
      var m = /^(.*)\[(\d+)\]$/.exec(at);
      var arr = m[1] === "effects" ? this.value : this.get(m[1]);
      var i = Number(m[2]);
      if (op === "remove") {
        arr.splice(i, 1);
        if (m[1] !== "effects") this.touched[m[1]] = true;
        if (!arr.length && m[1] !== "effects") {
          var required = (this.schemaAt(m[1].slice(0, m[1].lastIndexOf("."))).required || []);
          if (required.indexOf(m[1].slice(m[1].lastIndexOf(".") + 1)) === -1) this.set(m[1], undefined);
        }
        this.focusAfter = m[1] === "effects" ? "add-effect" : "add:" + m[1];
      } else {
        var j = op === "up" ? i - 1 : i + 1;
        if (j < 0 || j >= arr.length) return;
        var moved = arr.splice(i, 1)[0];
        arr.splice(j, 0, moved);
        var newPath = m[1] + "[" + j + "]";
        this.focusAfter = (op === "up" && j === 0 ? "down:" : op === "down" && j === arr.length - 1 ? "up:" : op + ":") + newPath;
      }
    } else return;
    this.write();
    this.render();
  };

  // A key added to an object takes its place in the schema's order.
  Editor.prototype.reorderParent = function (path) {
    var cut = path.lastIndexOf(".");
    if (cut === -1) return;
    var parentPath = path.slice(0, cut);
    var parent = this.get(parentPath);
    if (!parent || Array.isArray(parent)) return;
    var schema = this.schemaAt(parentPath);
    var union = this.union(schema);
    if (union && union.variants[parent[union.key]]) schema = union.variants[parent[union.key]];
    var sorted = this.ordered(parent, schema);
    Object.keys(parent).forEach(function (k) { delete parent[k]; });
    Object.keys(sorted).forEach(function (k) { parent[k] = sorted[k]; });
  };

  Editor.prototype.suggestId = function () {
    // The card's stable id; a new card has none yet: its name, in letters and digits ("Toyama Kazuha": toyama-kazuha).
    var base = this.root.getAttribute("data-card-id") || "";
    if (!base) {
      var name = document.getElementById("id_name");
      base = name ? name.value.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
        .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) : "";
    }
    var used = {};
    this.value.forEach(function (e) { if (e && e.effectId) used[e.effectId] = true; });
    if (!base) return "e" + (this.value.length + 1);
    for (var n = this.value.length + 1; ; n++) { if (!used[base + ".e" + n]) return base + ".e" + n; }
  };

  // --- validation at the field -------------------------------------------------------------------------
  Editor.prototype.problem = function (path) {
    var schema = this.schemaAt(path), value = this.get(path);
    var parentPath = path.slice(0, Math.max(path.lastIndexOf("."), 0));
    var key = path.slice(path.lastIndexOf(".") + 1);
    var parentSchema = parentPath ? this.schemaAt(parentPath) : {};
    var parent = parentPath ? this.get(parentPath) : null;
    var union = this.union(parentSchema);
    if (union && parent && union.variants[parent[union.key]]) parentSchema = union.variants[parent[union.key]];
    var required = (parentSchema.required || []).indexOf(key) !== -1 || (union && key === union.key);
    if (value === undefined || value === "") return required ? gettext("required") : "";
    if (schema.type === "integer") {
      if (!Number.isInteger(value)) return gettext("a whole number");
      if (schema.minimum !== undefined && value < schema.minimum) return fmt(gettext("at least %(n)s"), { n: schema.minimum });
      if (schema.maximum !== undefined && value > schema.maximum) return fmt(gettext("at most %(n)s"), { n: schema.maximum });
    }
    if (schema.type === "string" && schema.pattern && !new RegExp(schema.pattern).test(value)) return this.help(schema.description) || gettext("not in the expected form");
    if (schema.type === "array" && schema.minItems && Array.isArray(value) && value.length < schema.minItems) return fmt(gettext("needs at least %(n)s"), { n: schema.minItems });
    return "";
  };

  Editor.prototype.validateField = function (path) {
    var slot = this.form.querySelector('[data-error-for="' + path + '"]');
    if (!slot) return;
    var message = this.shows(path) ? this.problem(path) : "";
    slot.textContent = message;
    slot.setAttribute("data-source", message ? "form" : "");
    this.form.querySelectorAll('[data-path="' + path + '"]').forEach(function (c) {
      if (c.tagName !== "FIELDSET") c.setAttribute("aria-invalid", message ? "true" : "false");
    });
    if (!message && this.serverMessages[path] && this.shows(path)) { slot.textContent = this.serverMessages[path]; slot.setAttribute("data-source", "rules"); }
  };

  // Whether a field's messages show: it was touched, something inside it was, or the card was saved.
  Editor.prototype.shows = function (path) {
    if (this.submitted) return true;
    for (var p in this.touched) if (p === path || p.indexOf(path + ".") === 0 || p.indexOf(path + "[") === 0) return true;
    return false;
  };

  Editor.prototype.validateAll = function () {
    this.form.querySelectorAll("[data-error-for]").forEach(function (slot) { this.validateField(slot.getAttribute("data-error-for")); }, this);
  };

  // The rule set's own messages (live validation), each at its path or the nearest field above it.
  Editor.prototype.readServerMessages = function () {
    var slot = document.getElementById("errors-effects");
    if (!slot) return;
    var messages = {};
    slot.querySelectorAll("[data-path]").forEach(function (p) { messages[p.getAttribute("data-path")] = p.getAttribute("data-message") || p.textContent; });
    this.serverMessages = messages;
    if (this.mode === "form") this.showServerMessages();
  };

  Editor.prototype.showServerMessages = function () {
    var self = this;
    this.form.querySelectorAll('[data-error-for][data-source="rules"]').forEach(function (s) { s.textContent = ""; s.setAttribute("data-source", ""); });
    Object.keys(this.serverMessages).forEach(function (path) {
      var at = path, slot = null;
      while (at && !(slot = self.form.querySelector('[data-error-for="' + at + '"]'))) {
        var cut = Math.max(at.lastIndexOf("."), at.lastIndexOf("["));
        at = cut > 0 ? at.slice(0, cut) : "";
      }
      if (!slot || slot.getAttribute("data-source") === "form" || !self.shows(at)) return;
      var words = at === path ? self.serverMessages[path] : fmt(gettext("%(path)s: %(message)s"), { path: path.slice(at.length).replace(/^\./, ""), message: self.serverMessages[path] });
      var shown = slot.getAttribute("data-source") === "rules" && slot.textContent ? slot.textContent.split(" · ") : [];
      if (shown.indexOf(words) !== -1) return; // one message per problem
      slot.textContent = shown.concat([words]).join(" · ");
      slot.setAttribute("data-source", "rules");
    });
  };

  function init() {
    document.querySelectorAll("[data-effect-editor]").forEach(function (root) {
      if (root.__editor) return;
      var textarea = document.getElementById(root.getAttribute("data-for"));
      var labels = document.getElementById(root.getAttribute("data-labels"));
      if (!textarea) return;
      root.__editor = true;
      fetch(root.getAttribute("data-schema-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
        .then(function (schema) { root.__editor = new Editor(root, textarea, schema, labels ? JSON.parse(labels.textContent) : {}); })
        .catch(function () { root.appendChild(el("p", { class: "muted small", text: gettext("The effect form could not load: edit the JSON below.") })); });
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
