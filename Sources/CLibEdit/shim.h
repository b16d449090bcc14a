// libedit (BSD editline and history), and non-variadic versions of the
// calls Swift cannot import: `el_set`, `el_get` and `history` are variadic.
// Nothing else belongs here: the REPL's logic is Swift.
#ifndef SHEETLAB_CLIBEDIT_SHIM_H
#define SHEETLAB_CLIBEDIT_SHIM_H

#include <stdio.h>
#include <histedit.h>

/* el_set(el, EL_PROMPT, f): the prompt, asked for before each line. */
static inline int sl_el_set_prompt(EditLine *el, char *(*prompt)(EditLine *)) {
    return el_set(el, EL_PROMPT, prompt);
}

/* el_set(el, EL_EDITOR, "emacs" | "vi"). */
static inline int sl_el_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}

/* el_set(el, EL_SIGNAL, on): whether libedit installs its own signal handlers. */
static inline int sl_el_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}

/* el_set(el, EL_HIST, history, h): the history the arrow keys walk. */
static inline int sl_el_set_history(EditLine *el, History *h) {
    return el_set(el, EL_HIST, history, h);
}

/* el_set(el, EL_ADDFN, name, help, f): a named editor function keys can be bound to. */
static inline int sl_el_add_function(EditLine *el, const char *name, const char *help,
                                     unsigned char (*f)(EditLine *, int)) {
    return el_set(el, EL_ADDFN, name, help, f);
}

/* el_set(el, EL_BIND, key, function, NULL). */
static inline int sl_el_bind(EditLine *el, const char *key, const char *function) {
    return el_set(el, EL_BIND, key, function, NULL);
}

/* el_set(el, EL_CLIENTDATA, data) and el_get(el, EL_CLIENTDATA, &data). */
static inline int sl_el_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *sl_el_get_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0)
        return NULL;
    return data;
}

/* history(h, &ev, H_SETSIZE, n). */
static inline int sl_history_setsize(History *h, int size) {
    HistEvent ev;
    return history(h, &ev, H_SETSIZE, size);
}

/* history(h, &ev, H_SETUNIQUE, 1): no two equal entries in a row. */
static inline int sl_history_setunique(History *h, int unique) {
    HistEvent ev;
    return history(h, &ev, H_SETUNIQUE, unique);
}

/* history(h, &ev, H_ENTER, line). */
static inline int sl_history_enter(History *h, const char *line) {
    HistEvent ev;
    return history(h, &ev, H_ENTER, line);
}

/* history(h, &ev, H_LOAD, path) and history(h, &ev, H_SAVE, path). */
static inline int sl_history_load(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_LOAD, path);
}
static inline int sl_history_save(History *h, const char *path) {
    HistEvent ev;
    return history(h, &ev, H_SAVE, path);
}

#endif
