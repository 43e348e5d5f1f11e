// frond.h must compile on its own as C++ with every warning an error.
#include "frond.h"
#include "frond_cairo.h"
#include "frond_web.h"

int main() {
    frond_status status = FROND_OK;
    frond_value value = {0, FROND_UNIT_UNDEFINED};
    frond_rect rect = {0, 0, 0, 0};
    frond_measure_func measure = nullptr;
    (void)value;
    (void)rect;
    (void)measure;
    return status == FROND_OK ? 0 : 1;
}
