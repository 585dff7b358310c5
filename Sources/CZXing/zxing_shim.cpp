// The only file that knows zxing-cpp 1.4's C++ API (see include/zxing_shim.h).
#include "zxing_shim.h"

#include <ZXing/ReadBarcode.h>
#include <ZXing/ZXVersion.h>

#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <new>
#include <string>
#include <vector>

// Debian's libZXing is built with its assertions on, and some pictures break them (a
// RegressionLine intersected while invalid): glibc would abort qrtui. An assertion inside a
// read on this thread instead ends that read, as one that found nothing (what it had allocated
// is lost: the read's frames are skipped, not unwound); anyone else's aborts as glibc's does.
// The program's own __assert_fail is the one every library's call reaches.
namespace {
thread_local sigjmp_buf *escape = nullptr;
thread_local unsigned long assertions = 0;
}  // namespace

extern "C" void __assert_fail(const char *assertion, const char *file, unsigned int line,
                          const char *function) noexcept {
    if (escape) {
        assertions++;
        siglongjmp(*escape, 1);
    }
    std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
    std::abort();
}

extern "C" unsigned long qzx_assertions(void) { return assertions; }

namespace {
struct Kept {
    std::vector<unsigned char> bytes;
    std::string text;
    std::string identifier;
    std::string sequenceId;
    std::vector<unsigned char> eciContent;
};
}  // namespace

struct qzx_results {
    ZXing::Results results;
    std::vector<Kept> kept;
};

static qzx_results *read_guarded(const unsigned char *luma, int width, int height, int stride, int formats,
                                 int try_harder, int try_rotate, int max_symbols) {
    try {
        ZXing::ImageView image(luma, width, height, ZXing::ImageFormat::Lum, stride);
        ZXing::DecodeHints hints;
        hints.setFormats(ZXing::BarcodeFormats(static_cast<ZXing::BarcodeFormat>(formats)));
        hints.setTryHarder(try_harder != 0);
        hints.setTryRotate(try_rotate != 0);
        hints.setMaxNumberOfSymbols(max_symbols);
        auto *out = new qzx_results;
        for (auto &result : ZXing::ReadBarcodes(image, hints)) {
            if (!result.isValid()) continue;
            out->results.push_back(result);
        }
        for (auto &result : out->results) {
            const auto &bytes = result.bytes();
            const auto eci = result.bytesECI();
            out->kept.push_back(Kept{std::vector<unsigned char>(bytes.begin(), bytes.end()), result.text(),
                                     result.symbologyIdentifier(), result.sequenceId(),
                                     std::vector<unsigned char>(eci.begin(), eci.end())});
        }
        return out;
    } catch (...) {
        return nullptr;
    }
}

extern "C" qzx_results *qzx_read(const unsigned char *luma, int width, int height, int stride, int formats,
                                 int try_harder, int try_rotate, int max_symbols) {
    sigjmp_buf here;
    if (sigsetjmp(here, 0) != 0) {
        escape = nullptr;
        return new (std::nothrow) qzx_results;  // nothing read
    }
    escape = &here;
    qzx_results *results = read_guarded(luma, width, height, stride, formats, try_harder, try_rotate, max_symbols);
    escape = nullptr;
    return results;
}

extern "C" int qzx_count(const qzx_results *results) { return results ? static_cast<int>(results->results.size()) : 0; }

extern "C" int qzx_symbol_at(const qzx_results *results, int index, qzx_symbol *symbol) {
    if (!results || index < 0 || index >= qzx_count(results)) return 0;
    const auto &result = results->results[index];
    const auto &kept = results->kept[index];
    symbol->format = static_cast<int>(result.format());
    symbol->bytes = kept.bytes.data();
    symbol->byte_count = static_cast<int>(kept.bytes.size());
    symbol->text = kept.text.data();
    symbol->text_length = static_cast<int>(kept.text.size());
    symbol->symbology_identifier = kept.identifier.c_str();
    const auto &position = result.position();
    for (int corner = 0; corner < 4; corner++) {
        symbol->corners[2 * corner] = position[corner].x;
        symbol->corners[2 * corner + 1] = position[corner].y;
    }
    symbol->orientation = result.orientation();
    symbol->mirrored = result.isMirrored() ? 1 : 0;
    symbol->has_eci = result.hasECI() ? 1 : 0;
    symbol->eci_content = kept.eciContent.data();
    symbol->eci_content_count = static_cast<int>(kept.eciContent.size());
    // Deprecated in 1.4 and gone in 2.x (where Aztec's padding is read right): 0 there.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    symbol->data_bits = result.numBits();
#pragma GCC diagnostic pop
    symbol->sequence_size = result.sequenceSize();
    symbol->sequence_index = result.sequenceIndex();
    symbol->sequence_id = kept.sequenceId.c_str();
    return 1;
}

extern "C" void qzx_free(qzx_results *results) { delete results; }

#define QZX_STRING(x) #x
#define QZX_VERSION(major, minor, patch) QZX_STRING(major) "." QZX_STRING(minor) "." QZX_STRING(patch)

extern "C" const char *qzx_version(void) {
    return QZX_VERSION(ZXING_VERSION_MAJOR, ZXING_VERSION_MINOR, ZXING_VERSION_PATCH);
}
