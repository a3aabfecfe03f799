#!/usr/bin/env python3
"""Checks the privacy manifests (PrivacyInfo.xcprivacy) of every MediationKit module that runs in an app.

For each target in APP_TARGETS:
  (a) the target's directory holds PrivacyInfo.xcprivacy, Package.swift copies it as a resource
      (`resources: [.copy("PrivacyInfo.xcprivacy")]`), and it parses as a property list (plistlib);
  (b) it has the four keys with the right types and values Apple accepts: NSPrivacyTracking (bool),
      NSPrivacyTrackingDomains (strings; none unless tracking), NSPrivacyCollectedDataTypes (known type, linked,
      tracking, known purposes), NSPrivacyAccessedAPITypes (known category, known reasons for it);
  (c) every required-reason API category the target's Swift sources use (REQUIRED_REASON_APIS: patterns of API
      names, comments excluded) is declared; an undeclared one fails, naming each file:line that uses it.
      A category declared but not found in the sources is reported as a note, not a failure (a conservative
      declaration, such as FileTimestamp for the tracker journal, is allowed).
Every library product must be either in APP_TARGETS or in NOT_IN_APPS, so a new product is classified on purpose.

Usage: scripts/check-privacy-manifest.py ; exit 0 when every manifest is valid and complete.
"""

import json
import os
import plistlib
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MANIFEST = "PrivacyInfo.xcprivacy"

# Modules an app links and ships (the README's "the app" products).
APP_TARGETS = ["MediationBridge", "MediationCore", "MediationNetworking", "MyTargetAdapters",
               "GoogleCustomNativeAdapter", "TAMediaAdapter", "MediationVAST", "MediationVASTNetworking", "MediationOpenRTB",
               "MediationOpenRTBBidding"]
# Library products for tests, adapter authors and tooling: they never run in a shipped app.
NOT_IN_APPS = ["MediationTesting", "NetworkSandbox", "MediationConformance", "MediationConformanceTesting"]

# Apple's required-reason API categories: source patterns that use them, and the reasons Apple lists
# (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api).
REQUIRED_REASON_APIS = {
    "NSPrivacyAccessedAPICategoryUserDefaults": (
        r"\bUserDefaults\b|\bNSUserDefaults\b|\bCFPreferences\w*",
        {"CA92.1", "1C8F.1", "C56D.1", "AC6B.1"}),
    # The stat family covers file timestamps and other metadata (file type, size): Apple lists stat, fstat,
    # fstatat and lstat under FileTimestamp, next to the Foundation attribute and resource-value APIs.
    "NSPrivacyAccessedAPICategoryFileTimestamp": (
        r"\.modificationDate\b|\.creationDate\b|\bcontentModificationDate\b|\bcreationDateKey\b|"
        r"\bcontentModificationDateKey\b|\battributesOfItem\b|\bgetattrlist\w*\(|\bfstatat\(|\bfstat\(|"
        r"\blstat\(|\bstat\(|\bNSFileModificationDate\b|\bNSFileCreationDate\b",
        {"DDA9.1", "C617.1", "3B52.1", "0A2A.1"}),
    # systemUptime and mach_absolute_time are Apple's list; clock_gettime with a monotonic clock reads the same
    # uptime. ContinuousClock, SuspendingClock and DispatchTime read it underneath (in the system's libraries),
    # so they are counted too, to be conservative.
    "NSPrivacyAccessedAPICategorySystemBootTime": (
        r"\bsystemUptime\b|\bmach_absolute_time\b|\bmach_continuous_time\b|\bCLOCK_MONOTONIC\w*|"
        r"\bclock_gettime\w*\(|\bContinuousClock\b|\bSuspendingClock\b|\bDispatchTime\b|\buptimeNanoseconds\b",
        {"35F9.1", "8FFB.1", "3D61.1"}),
    "NSPrivacyAccessedAPICategoryDiskSpace": (
        r"\bvolumeAvailableCapacity\w*|\bvolumeTotalCapacity\w*|\bsystemFreeSize\b|\bsystemSize\b|"
        r"\bstatfs\(|\bstatvfs\(|\bfstatfs\(|\bfstatvfs\(|\bNSFileSystemFreeSize\b|\bNSFileSystemSize\b",
        {"85F4.1", "E174.1", "7D9E.1", "B728.1"}),
    "NSPrivacyAccessedAPICategoryActiveKeyboards": (
        r"\bactiveInputModes\b",
        {"3EC4.1", "54BD.1"}),
}

COLLECTED_TYPES = {
    "NSPrivacyCollectedDataType" + name for name in (
        "Name EmailAddress PhoneNumber PhysicalAddress OtherUserContactInfo Health Fitness PaymentInfo CreditInfo "
        "OtherFinancialInfo PreciseLocation CoarseLocation SensitiveInfo Contacts EmailsOrTextMessages "
        "PhotosorVideos AudioData GameplayContent CustomerSupport OtherUserContent BrowsingHistory SearchHistory "
        "UserID DeviceID PurchaseHistory ProductInteraction AdvertisingData OtherUsageData CrashData "
        "PerformanceData OtherDiagnosticData EnvironmentScanning Hands Head OtherDataTypes").split()
}
PURPOSES = {
    "NSPrivacyCollectedDataTypePurpose" + name for name in
    "ThirdPartyAdvertising DeveloperAdvertising Analytics ProductPersonalization AppFunctionality Other".split()
}


def package_targets():
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, text=True,
                                        capture_output=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}
    libraries = [name for product in package["products"] if "library" in product["type"]
                 for name in product["targets"]]
    return targets, libraries


def swift_sources(directory):
    for base, _, names in os.walk(directory):
        for name in sorted(names):
            if name.endswith(".swift"):
                yield os.path.join(base, name)


def code_lines(path):
    """(line number, code) with // comments and /* */ comments blanked, so doc comments do not count."""
    in_block = False
    with open(path, encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            code = ""
            position = 0
            while position < len(line):
                if in_block:
                    end = line.find("*/", position)
                    if end < 0:
                        position = len(line)
                    else:
                        in_block, position = False, end + 2
                    continue
                start_block = line.find("/*", position)
                start_line = line.find("//", position)
                starts = [s for s in (start_block, start_line) if s >= 0]
                if not starts:
                    code += line[position:]
                    break
                first = min(starts)
                code += line[position:first]
                if first == start_line:
                    break
                in_block, position = True, first + 2
            yield number, code


def check_manifest(target, directory, manifest, problems, notes):
    relative = os.path.relpath(manifest, ROOT)
    try:
        with open(manifest, "rb") as handle:
            plist = plistlib.load(handle)
    except Exception as error:  # plistlib raises several types (InvalidFileException, ExpatError, ...)
        problems.append(f"{relative}: does not parse as a property list: {error}")
        return
    if not isinstance(plist, dict):
        problems.append(f"{relative}: the root is not a dictionary")
        return
    for key, kind in (("NSPrivacyTracking", bool), ("NSPrivacyTrackingDomains", list),
                      ("NSPrivacyCollectedDataTypes", list), ("NSPrivacyAccessedAPITypes", list)):
        if key not in plist:
            problems.append(f"{relative}: missing key {key}")
        elif not isinstance(plist[key], kind):
            problems.append(f"{relative}: {key} must be a {kind.__name__}")
    domains = plist.get("NSPrivacyTrackingDomains", [])
    if isinstance(domains, list):
        if any(not isinstance(domain, str) or not domain for domain in domains):
            problems.append(f"{relative}: NSPrivacyTrackingDomains must hold domain names")
        if domains and plist.get("NSPrivacyTracking") is not True:
            problems.append(f"{relative}: NSPrivacyTrackingDomains is not empty, so NSPrivacyTracking must be true "
                            "(ITMS-91064)")
    for index, entry in enumerate(plist.get("NSPrivacyCollectedDataTypes", []) or []):
        where = f"{relative}: NSPrivacyCollectedDataTypes[{index}]"
        if not isinstance(entry, dict):
            problems.append(f"{where} is not a dictionary")
            continue
        if entry.get("NSPrivacyCollectedDataType") not in COLLECTED_TYPES:
            problems.append(f"{where}: unknown NSPrivacyCollectedDataType {entry.get('NSPrivacyCollectedDataType')!r}")
        for key in ("NSPrivacyCollectedDataTypeLinked", "NSPrivacyCollectedDataTypeTracking"):
            if not isinstance(entry.get(key), bool):
                problems.append(f"{where}: {key} must be a bool")
        purposes = entry.get("NSPrivacyCollectedDataTypePurposes")
        if not isinstance(purposes, list) or not purposes or any(p not in PURPOSES for p in purposes):
            problems.append(f"{where}: NSPrivacyCollectedDataTypePurposes must list known purposes, got {purposes!r}")
        if entry.get("NSPrivacyCollectedDataTypeTracking") is True and plist.get("NSPrivacyTracking") is not True:
            problems.append(f"{where}: data used for tracking, but NSPrivacyTracking is not true")
    declared = {}
    for index, entry in enumerate(plist.get("NSPrivacyAccessedAPITypes", []) or []):
        where = f"{relative}: NSPrivacyAccessedAPITypes[{index}]"
        category = entry.get("NSPrivacyAccessedAPIType") if isinstance(entry, dict) else None
        if category not in REQUIRED_REASON_APIS:
            problems.append(f"{where}: unknown NSPrivacyAccessedAPIType {category!r}")
            continue
        reasons = entry.get("NSPrivacyAccessedAPITypeReasons")
        allowed = REQUIRED_REASON_APIS[category][1]
        if not isinstance(reasons, list) or not reasons or any(r not in allowed for r in reasons):
            problems.append(f"{where}: {category} needs reasons from {sorted(allowed)}, got {reasons!r}")
        declared[category] = reasons

    uses = {}
    for source in swift_sources(directory):
        for number, code in code_lines(source):
            for category, (pattern, _) in REQUIRED_REASON_APIS.items():
                found = re.search(pattern, code)
                if found:
                    uses.setdefault(category, []).append(
                        f"{os.path.relpath(source, ROOT)}:{number} ({found.group(0).rstrip('(')})")
    for category, places in sorted(uses.items()):
        if category not in declared:
            problems.append(f"{relative}: {target} uses {category} but does not declare it; used at:\n    "
                            + "\n    ".join(places))
    for category in sorted(set(declared) - set(uses)):
        notes.append(f"{relative}: {category} declared but not found in {target}'s sources (conservative)")
    summary = ", ".join(f"{c.replace('NSPrivacyAccessedAPICategory', '')} {'/'.join(declared[c])}"
                        for c in sorted(declared)) or "no required-reason API"
    print(f"  {target}: tracking {str(plist.get('NSPrivacyTracking')).lower()}, "
          f"{len(domains) if isinstance(domains, list) else '?'} tracking domains, "
          f"{len(plist.get('NSPrivacyCollectedDataTypes') or [])} collected data types; {summary}")


def main():
    targets, libraries = package_targets()
    problems, notes = [], []
    for name in libraries:
        if name not in APP_TARGETS and name not in NOT_IN_APPS and targets[name]["type"] == "regular":
            problems.append(f"Package.swift: library target {name} is in neither APP_TARGETS nor NOT_IN_APPS of "
                            f"scripts/check-privacy-manifest.py; decide whether it runs in an app")
    for name in APP_TARGETS:
        if name not in targets:
            problems.append(f"Package.swift: no target {name}")
            continue
        directory = os.path.join(ROOT, targets[name].get("path") or os.path.join("Sources", name))
        manifest = os.path.join(directory, MANIFEST)
        resources = [r for r in targets[name].get("resources") or [] if r["path"] == MANIFEST]
        if not resources:
            problems.append(f"Package.swift: target {name} does not declare resources: [.copy(\"{MANIFEST}\")]")
        elif "copy" not in resources[0]["rule"]:
            problems.append(f"Package.swift: target {name} should .copy(\"{MANIFEST}\"), not {resources[0]['rule']}")
        if not os.path.isfile(manifest):
            problems.append(f"{os.path.relpath(manifest, ROOT)}: missing (target {name} runs in an app)")
            continue
        check_manifest(name, directory, manifest, problems, notes)
    for note in notes:
        print(f"note: {note}")
    for problem in problems:
        print(f"error: {problem}")
    if problems:
        print(f"check-privacy-manifest: {len(problems)} problem(s)")
        return 1
    print(f"check-privacy-manifest: {len(APP_TARGETS)} privacy manifests parse, have every key and declare every "
          f"required-reason API category their sources use")
    return 0


if __name__ == "__main__":
    sys.exit(main())
