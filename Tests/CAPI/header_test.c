/* frond.h must compile on its own as C99 with every warning an error. */
#include "frond.h"
#include "frond_cairo.h"
#include "frond_web.h"

int main(void) {
    frond_status status = FROND_OK;
    frond_value value = {0, FROND_UNIT_UNDEFINED};
    frond_size size = {0, 0};
    frond_rect rect = {0, 0, 0, 0};
    (void)value;
    (void)size;
    (void)rect;
    return status == FROND_OK && FROND_MAX_TREE_DEPTH > 0 ? 0 : 1;
}
