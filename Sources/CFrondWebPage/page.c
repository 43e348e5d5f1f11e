#include "frond_web_page.h"

/* The files of page/, as they are in the repository (C23's #embed: no generated code). */
static const unsigned char html[] = {
#embed "page/index.html"
};

static const unsigned char script[] = {
#embed "page/frond.js"
};

const unsigned char *cfrondweb_page_html(size_t *out_size) {
    *out_size = sizeof html;
    return html;
}

const unsigned char *cfrondweb_page_script(size_t *out_size) {
    *out_size = sizeof script;
    return script;
}
