# qrtui: one command to set up and run, one to set up and test.
#   make run    install missing Debian packages, build release, run qrtui (ARGS="--demo")
#   make test   install missing Debian packages, run the whole test suite
#   make bench  the benchmark (corpus, per-frame costs, live clips, CPU on a camera), and
#               docs/benchmarks.md written from its figures
#   make fuzz   every fuzz harness under libFuzzer and AddressSanitizer (FUZZ_SECONDS each)
#   make format lay the Swift sources out as .swift-format says (make test checks it)
#   make build  the self-contained release binary (the Swift runtime linked in): .build/dist
#   make deb    .build/qrtui_VERSION_ARCH.deb from it (dpkg-deb, dpkg-shlibdeps; lintian checks it)
#   make package-test   build the package, check it, install it with apt, run it with the
#               Swift toolchain hidden, remove it (root, or sudo)
#   make install / make uninstall   the built binary, its man page and bash, zsh and fish
#               completions under PREFIX (default /usr/local), DESTDIR honoured; run
#               make build first (install does not compile, so sudo make install is safe)

DEBIAN_PACKAGES := pkg-config libzbar-dev libzxing-dev libv4l-dev libncurses-dev libqrencode-dev \
                   libpng-dev libturbojpeg0-dev libwebp-dev libgif-dev libtiff-dev libssl-dev libzint-dev tmux \
                   man-db zsh fish strace libdbus-1-dev dbus-daemon zlib1g-dev \
                   xvfb xterm kitty libgl1-mesa-dri imagemagick zbar-tools
# The last line: real terminals that draw pictures, run without a screen (sixel in xterm, the
# kitty protocol in kitty), their screenshots taken and read by zbarimg.
# What the benchmark compares qrtui with (zbarimg's time on a large photo, chafa's preview), and
# zxing-cpp 3.1.1 from PyPI (Debian 12 has 1.4) in a venv outside the clone, for qr-photos.
BENCH_PACKAGES := zbar-tools chafa python3-venv
ZXING_CPP_VERSION := 3.1.1
ZXING_VENV := $(HOME)/.cache/qrtui/zxing-cpp-$(ZXING_CPP_VERSION)
# What making and testing the Debian package needs.
PACKAGE_PACKAGES := dpkg-dev lintian qrencode tmux
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
CORPUS ?= ../shared/corpus
QR_PHOTOS ?= ../shared/corpus-qr-photos
ARGS ?=
FUZZ_SECONDS ?= 60

.PHONY: deps bench-deps package-deps install-packages build run test bench fuzz format clean install uninstall \
        deb package-test

deps:
	@$(MAKE) -s install-packages PACKAGES="$(DEBIAN_PACKAGES)"

bench-deps:
	@$(MAKE) -s install-packages PACKAGES="$(DEBIAN_PACKAGES) $(BENCH_PACKAGES)"
	@$(ZXING_VENV)/bin/python -c 'import importlib.metadata as m, PIL; assert m.version("zxing-cpp") == "$(ZXING_CPP_VERSION)"' \
	  2>/dev/null || { echo "Installing zxing-cpp $(ZXING_CPP_VERSION) from PyPI into $(ZXING_VENV)"; \
	  /usr/bin/python3 -m venv $(ZXING_VENV) && \
	  $(ZXING_VENV)/bin/pip install -q zxing-cpp==$(ZXING_CPP_VERSION) pillow; }

package-deps:
	@$(MAKE) -s install-packages PACKAGES="$(DEBIAN_PACKAGES) $(PACKAGE_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The shipped program: the Swift runtime linked in, so it needs only Debian's own libraries
# (in a build folder of its own: the benchmarks' release build stays as it is).
DIST := .build/dist
# Debian's hardening: the C targets fortified and with stack protection, the binary linked
# with full RELRO (lintian checks both).
HARDENING := -Xcc -D_FORTIFY_SOURCE=2 -Xcc -fstack-protector-strong -Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now
build: deps
	swift build -c release --static-swift-stdlib --product qrtui --scratch-path $(DIST) $(HARDENING)

run: build
	$(DIST)/release/qrtui $(ARGS)

deb: package-deps build
	scripts/deb $(DIST)/release/qrtui .build

package-test: package-deps build
	scripts/package-test $(DIST)/release/qrtui

# The capture, hand-over, camera and event-loop tests run under ThreadSanitizer, and the parser,
# reading and camera tests under AddressSanitizer (not again in the debug build), each set in a
# build folder of its own with only its tests compiled (scripts/sanitized, scripts/test-all).
# The C targets trap on undefined behaviour in every build (Package.swift).
TSAN_TESTS := HandOverTests|LookPoolTests|WindowReadingsTests|ExecHookTests/(eachCode|aHanging|aFailing)|SideBySideTests|LookAheadTests|FramePoolTests|CameraTests|CameraScreenTests|HeadlessTests/(y4m|aCodeSeen|timeout|loop|imageOnStdin)|EventLoopTests|ReadingThreadTests|PipelineTests|PicturesInPixelsTests
ASAN_TESTS := PictureCodecTests|PicturePixelsTests|SixelPictureTests|KittyPictureTests|SideBySideTests|LookAheadTests|LookPoolTests|WindowReadingsTests|FinderLinkTests|ZxingEngineTests|InputOpenerTests|FramePoolTests|Code128ExtendedTests|ITFAcrossTests|ProductAcrossTests|ProductFitTests|Code128FitTests|Code128AcrossTests|Code39AcrossTests|MoreFormatsTests|MalformedMeaningTests|Y4MSourceTests|FuzzRegressionTests|InputBoundsTests|BadInputTests|HostileInputTests|ZbarEngineTests|ThoroughScanTests|LargeStillTests|LiveReaderTests|CorroborationTests|CameraTests
# The end-to-end suites in two halves, each run beside the other tests (scripts/test-suite).
E2E_FIRST := EndToEndTests\.[A-L]
E2E_SECOND := EndToEndTests\.[M-Z]
# The layout swift-format (with the toolchain) gives, as .swift-format configures it:
# make test checks it, make format applies it.
FORMATTED := Sources Tests Package.swift

test: deps
	scripts/check-modules
	swift-format lint --strict --recursive --parallel $(FORMATTED)
	scripts/test-all '$(TSAN_TESTS)' '$(ASAN_TESTS)' '$(E2E_FIRST)' '$(E2E_SECOND)'

bench: bench-deps
	swift build -c release
	scripts/bench-report .build/release/qrtui-bench --corpus $(CORPUS) --frames --render --capture --live --cost 20 --pictures 20 \
		--big-still --memory --bombs --qr-photos $(QR_PHOTOS) \
		--live-photos $(QR_PHOTOS) --fusion 10

fuzz: deps
	scripts/fuzz $(FUZZ_SECONDS)

format:
	swift-format format --in-place --recursive --parallel $(FORMATTED)

clean:
	rm -rf .build

# The man page and completions come from the binary itself (qrtui --man, --completions):
# one option table makes them, the parser and --help.
PREFIX ?= /usr/local
BUILD_DIR ?= $(DIST)/release
BIN_DIR = $(DESTDIR)$(PREFIX)/bin
MAN_DIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASH_DIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSH_DIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISH_DIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

install:
	@test -x $(BUILD_DIR)/qrtui || { echo "no $(BUILD_DIR)/qrtui: run make build first"; exit 1; }
	install -d $(BIN_DIR) $(MAN_DIR) $(BASH_DIR) $(ZSH_DIR) $(FISH_DIR)
	install -m 755 $(BUILD_DIR)/qrtui $(BIN_DIR)/qrtui
	$(BUILD_DIR)/qrtui --man > $(MAN_DIR)/qrtui.1
	$(BUILD_DIR)/qrtui --completions bash > $(BASH_DIR)/qrtui
	$(BUILD_DIR)/qrtui --completions zsh > $(ZSH_DIR)/_qrtui
	$(BUILD_DIR)/qrtui --completions fish > $(FISH_DIR)/qrtui.fish
	chmod 644 $(MAN_DIR)/qrtui.1 $(BASH_DIR)/qrtui $(ZSH_DIR)/_qrtui $(FISH_DIR)/qrtui.fish

uninstall:
	rm -f $(BIN_DIR)/qrtui $(MAN_DIR)/qrtui.1 $(BASH_DIR)/qrtui $(ZSH_DIR)/_qrtui $(FISH_DIR)/qrtui.fish
